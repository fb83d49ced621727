import { Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatShortDate } from '@gatherly/domain/dates';
import { EmptyState } from '../../components/EmptyState.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { describeError } from '../../lib/errors.ts';
import type { JoinRequestDoc } from '../../lib/types.ts';
import { decideJoinRequest } from './join-requests-data.ts';

/**
 * People who asked to join through the event link ("Ask me before people join"): approve lets
 * them in as guests within the plan's guest limit, decline keeps them out. Live: a decision by
 * another admin removes the row here too.
 */
export function JoinRequests({
  eventId,
  requests,
}: {
  eventId: string;
  requests: readonly JoinRequestDoc[];
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const decide = async (request: JoinRequestDoc, approve: boolean) => {
    setBusy(request.id);
    try {
      await decideJoinRequest(eventId, request.id, approve);
      showToast({
        title: approve ? 'Request Approved' : 'Request Declined',
        description: approve
          ? `${request.user.displayName} has joined the event`
          : `${request.user.displayName} will not join the event`,
        status: 'success',
      });
    } catch (err) {
      showToast({
        title: 'Error',
        description: describeError(err, 'Could not answer the request. Please try again.'),
        status: 'error',
      });
    } finally {
      setBusy(null);
    }
  };
  if (requests.length === 0)
    return (
      <EmptyState
        title="No Requests"
        description='When "Ask me before people join" is on, people who open the event link ask here first.'
      />
    );
  return (
    <Stack gap="3" data-testid="join-requests">
      {requests.map((request) => (
        <Card.Root key={request.id} size="sm" data-testid="join-request">
          <Card.Body>
            <HStack gap="3" justify="space-between" wrap="wrap">
              <HStack gap="3" minW="0">
                <UserAvatar name={request.user.displayName} photoURL={request.user.photoURL} />
                <Box minW="0">
                  <Text fontWeight="semibold" truncate>
                    {request.user.displayName}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {request.user.email}
                    {request.requestedAt && ` · asked ${formatShortDate(request.requestedAt)}`}
                  </Text>
                </Box>
              </HStack>
              <HStack gap="2">
                <Button
                  size="sm"
                  colorPalette="brand"
                  loading={busy === request.id}
                  disabled={busy !== null}
                  onClick={() => void decide(request, true)}
                  aria-label={`Approve ${request.user.displayName}`}
                >
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy !== null}
                  onClick={() => void decide(request, false)}
                  aria-label={`Decline ${request.user.displayName}`}
                >
                  Decline
                </Button>
              </HStack>
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
