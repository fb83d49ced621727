import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatShortDate } from '@gatherly/domain/dates';
import { memberRoleLabel } from '@gatherly/domain/roles';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { errorMessage } from '../../lib/api.ts';
import { canShare, shareLink } from '../../lib/share.ts';
import type { InvitationDoc } from '../../lib/types.ts';
import {
  invitationLink,
  resendInvitation,
  revokeInvitation,
  usePendingInvitations,
} from './guest-list-data.ts';

/**
 * Invitations not yet accepted (admins): copy the link, send the e-mail again, or revoke. An
 * accepted or revoked invitation leaves the list live.
 */
export function PendingInvitations({ eventId }: { eventId: string }) {
  const { invitations, inviterName, loading, hasMore, loadingMore, loadMore } =
    usePendingInvitations(eventId);
  const [revoking, setRevoking] = useState<InvitationDoc | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (id: string, action: () => Promise<void>, failure: string) => {
    setBusy(id);
    try {
      await action();
    } catch (err) {
      showToast({ title: 'Error', description: errorMessage(err, failure), status: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const copy = (inv: InvitationDoc) =>
    run(
      inv.id,
      async () => {
        // Phones offer the share sheet; elsewhere the link goes to the clipboard.
        const outcome = await shareLink(
          await invitationLink(eventId, inv.id),
          'Invitation',
          `Your invitation on Gatherly (${inv.email})`,
        );
        if (outcome === 'copied')
          showToast({
            title: 'Link copied',
            description: `Invitation link for ${inv.email}`,
            status: 'success',
          });
      },
      'Could not copy the link. Please try again.',
    );
  const resend = (inv: InvitationDoc) =>
    run(
      inv.id,
      async () => {
        await resendInvitation(eventId, inv.id);
        showToast({
          title: 'Invitation Sent',
          description: `Sent again to ${inv.email}`,
          status: 'success',
        });
      },
      'Failed to send invitation. Please try again.',
    );
  const revoke = (inv: InvitationDoc) =>
    run(
      inv.id,
      async () => {
        await revokeInvitation(eventId, inv.id);
        setRevoking(null);
        showToast({
          title: 'Invitation Revoked',
          description: `${inv.email} can no longer join with that link`,
          status: 'success',
        });
      },
      'Could not revoke the invitation. Please try again.',
    );

  return (
    <Card.Root data-testid="pending-invitations">
      <Card.Body gap="3">
        <Box>
          <Heading size="lg">Pending Invitations</Heading>
          <Text color="fg.muted" textStyle="sm">
            Invited but not joined yet.
          </Text>
        </Box>
        {!loading && invitations.length === 0 && (
          <Text color="fg.muted" textStyle="sm">
            No pending invitations.
          </Text>
        )}
        {invitations.map((inv) => (
          <Stack
            key={inv.id}
            direction={{ base: 'column', sm: 'row' }}
            justify="space-between"
            borderWidth="1px"
            borderRadius="l2"
            p="3"
            gap="2"
            data-testid="pending-invitation"
          >
            <Box minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="medium" truncate>
                  {inv.email}
                </Text>
                <Badge variant="subtle">{memberRoleLabel(inv.role)}</Badge>
                <Badge colorPalette="yellow" variant="surface">
                  Pending
                </Badge>
              </HStack>
              <Text color="fg.muted" textStyle="xs">
                {invitedLine(inviterName(inv), inv)}
              </Text>
            </Box>
            <HStack gap="2" wrap="wrap">
              <Button
                size="xs"
                variant="outline"
                disabled={busy === inv.id}
                onClick={() => void copy(inv)}
              >
                {canShare() ? 'Share link' : 'Copy link'}
              </Button>
              <Button
                size="xs"
                variant="outline"
                disabled={busy === inv.id}
                onClick={() => void resend(inv)}
              >
                Resend
              </Button>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                disabled={busy === inv.id}
                onClick={() => setRevoking(inv)}
              >
                Revoke
              </Button>
            </HStack>
          </Stack>
        ))}
        {hasMore && (
          <Button size="sm" variant="ghost" onClick={loadMore} loading={loadingMore}>
            Load more invitations
          </Button>
        )}
      </Card.Body>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke Invitation"
        description={`The link sent to ${revoking?.email ?? ''} will stop working. You can invite them again later.`}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={busy !== null && busy === revoking?.id}
        destructive
        onConfirm={() => revoking && void revoke(revoking)}
        onClose={() => setRevoking(null)}
      />
    </Card.Root>
  );
}

/** "Invited by Ana Ruiz on Nov 20, 2026" (in the viewer's zone, like the guests' answer dates). */
export function invitedLine(inviter: string | null, inv: Pick<InvitationDoc, 'invitedAt'>): string {
  const by = inviter ? ` by ${inviter}` : '';
  const on = inv.invitedAt ? ` on ${formatShortDate(inv.invitedAt)}` : '';
  return `Invited${by}${on}`;
}
