import { Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Skeleton } from '../../components/chakra/Skeleton.ts';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useEventScope } from '../../lib/event-scope.tsx';
import { eventHref } from '../../lib/paths.ts';
import { ActivityList } from './ActivityList.tsx';
import { AnnounceButton } from './AnnounceButton.tsx';
import { useActivityPages } from './data.ts';

/** Entries per page of the activity screen; "Load more" adds the next page. */
export const ACTIVITY_PAGE_SIZE = 20;

/** docs/product.md, "Activity". */
export default function ActivityPage() {
  const { eventId } = useEventScope();
  const { loading, entries, hasMore, loadingMore, loadMore } = useActivityPages(
    eventId,
    ACTIVITY_PAGE_SIZE,
  );
  return (
    <Stack gap="6" maxW="3xl" p={{ base: '4', md: '8' }} mx="auto" w="full">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Box>
          <Heading size="2xl">Recent Activity</Heading>
          <Text color="fg.muted">What has been happening in this event, newest first.</Text>
        </Box>
        <HStack gap="2" wrap="wrap">
          <AnnounceButton size="md" />
          <Button asChild variant="outline">
            <Link to={eventHref(eventId)}>Back to Event</Link>
          </Button>
        </HStack>
      </HStack>
      <Card.Root>
        <Card.Body>
          {loading ? (
            <Stack gap="3" data-testid="activity-loading">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height="10" />
              ))}
            </Stack>
          ) : entries.length === 0 ? (
            <EmptyState
              title="No Activity Yet"
              description="Photos, travel plans, new members and announcements will show up here."
            />
          ) : (
            <Stack gap="4">
              <ActivityList eventId={eventId} entries={entries} />
              {hasMore && (
                <Button
                  variant="outline"
                  alignSelf="center"
                  loading={loadingMore}
                  onClick={loadMore}
                >
                  Load more
                </Button>
              )}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
