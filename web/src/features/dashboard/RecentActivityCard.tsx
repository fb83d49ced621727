import { Button, Stack, Text } from '@chakra-ui/react';
import { Skeleton } from '../../components/chakra/Skeleton.ts';
import { Link } from 'react-router-dom';
import { DEFAULT_ACTIVITY_LIMIT } from '@gatherly/domain/activity';
import { AnnounceButton } from '../activity/AnnounceButton.tsx';
import { ActivityList } from '../activity/ActivityList.tsx';
import { useEventActivity } from '../activity/data.ts';
import { PanelCard } from '../../components/PanelCard.tsx';
import { eventHref } from '../../lib/paths.ts';

export function RecentActivityCard({ eventId }: { eventId: string }) {
  const { loading, entries } = useEventActivity(eventId, DEFAULT_ACTIVITY_LIMIT);
  return (
    <PanelCard
      title="Recent Activity"
      actions={
        <>
          <AnnounceButton />
          <Button size="sm" variant="ghost" asChild>
            <Link to={eventHref(eventId, 'activity')}>View All</Link>
          </Button>
        </>
      }
    >
      {loading ? (
        <Stack gap="3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="8" />
          ))}
        </Stack>
      ) : entries.length === 0 ? (
        <Text color="fg.muted">No activity yet</Text>
      ) : (
        <ActivityList eventId={eventId} entries={entries} />
      )}
    </PanelCard>
  );
}
