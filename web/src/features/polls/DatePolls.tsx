import { Button, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import type { PollTarget } from '@gatherly/domain/entities/polls';
import { PanelCard } from '../../components/PanelCard.tsx';
import { useOpenPolls } from './data.ts';
import { DatePollCard } from './DatePollCard.tsx';
import type { ProposeDatesProps } from './ProposeDatesDialog.tsx';

const ProposeDatesDialog = lazy(() => import('./ProposeDatesDialog.tsx'));

interface Props {
  eventId: string;
  eventName: string;
  uid: string;
  isAdmin: boolean;
  timeZone: string;
  /** The event's dates are TBD: admins are offered a poll for them. */
  datesTbd: boolean;
  /** Admins, or everyone while "Guests can see who's going" is on. */
  showNames: boolean;
  /** Schedule item titles by id, to name an item's poll. */
  itemTitles: ReadonlyMap<string, string>;
}

const EVENT_TARGET: PollTarget = { kind: 'event' };

/**
 * The dashboard's date polls (docs/product.md, "Date polls"): every member sees the open polls
 * they may (a limited item's: its groups and the admins; bounded queries); while the event's dates are TBD and it has no poll, admins are offered
 * one.
 */
export function DatePolls({
  eventId,
  eventName,
  uid,
  isAdmin,
  timeZone,
  datesTbd,
  showNames,
  itemTitles,
}: Props) {
  const { loading, polls } = useOpenPolls(eventId, uid, isAdmin);
  const [proposing, setProposing] = useState(false);
  if (loading) return null;
  const offer = isAdmin && datesTbd && !polls.some((p) => p.target.kind === 'event');
  return (
    <>
      {offer && (
        <PanelCard title="Dates TBD">
          <Stack gap="3" align="start">
            <Text color="fg.muted">
              Not sure when yet? Propose a few dates and let members say which work for them.
            </Text>
            <Button colorPalette="brand" onClick={() => setProposing(true)}>
              Propose dates
            </Button>
          </Stack>
          <ProposeDates
            open={proposing}
            eventId={eventId}
            target={EVENT_TARGET}
            subject={eventName}
            timeZone={timeZone}
            onClose={() => setProposing(false)}
          />
        </PanelCard>
      )}
      {polls.map((poll) => (
        <DatePollCard
          key={poll.id}
          eventId={eventId}
          poll={poll}
          uid={uid}
          isAdmin={isAdmin}
          timeZone={timeZone}
          subject={
            poll.target.kind === 'event'
              ? eventName
              : (itemTitles.get(poll.target.scheduleId) ?? 'the schedule item')
          }
          showNames={showNames}
        />
      ))}
    </>
  );
}

/** The Propose dates dialog, loaded the first time it opens (also the schedule's item action). */
export function ProposeDates({ open, ...props }: ProposeDatesProps & { open: boolean }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ProposeDatesDialog {...props} />
    </Suspense>
  );
}
