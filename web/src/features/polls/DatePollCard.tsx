import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { formatZonedDateTime, isoToDateTimeLocal } from '@gatherly/domain/dates';
import type { PollAnswer, PollOption } from '@gatherly/domain/entities/polls';
import { acceptsAnswers, formatPollOption } from '@gatherly/domain/polls';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PanelCard } from '../../components/PanelCard.tsx';
import { zoneLabel } from '../../components/ZonedTime.tsx';
import { describeError } from '../../lib/errors.ts';
import { requireConnection } from '../../lib/offline/offline-toast.ts';
import { showToast } from '../../lib/toast-store.ts';
import type { PollDoc } from '../../lib/types.ts';
import { answerPoll, deletePoll, pickPollOption, usePollTallies } from './data.ts';
import { PollAnswerGrid } from './PollAnswerGrid.tsx';
import { WhoAnswered } from './WhoAnswered.tsx';

const EditPollDialog = lazy(() => import('./EditPollDialog.tsx'));

interface Props {
  eventId: string;
  poll: PollDoc;
  uid: string;
  isAdmin: boolean;
  timeZone: string;
  /** The event's name, or the schedule item's title. */
  subject: string;
  /** Admins, or everyone while "Guests can see who's going" is on (the rules' own condition). */
  showNames: boolean;
}

/**
 * One open date poll on the dashboard (docs/product.md, "Date polls"): the answer grid with live
 * tallies and the best dates highlighted, who answered what where allowed, and for admins the
 * pick (the date is set, the poll closes, members are e-mailed) and delete.
 */
export function DatePollCard({ eventId, poll, uid, isAdmin, timeZone, subject, showNames }: Props) {
  const tallies = usePollTallies(eventId, poll, uid);
  // Answers sent and not yet echoed by the ballot's listener show at once.
  const [sent, setSent] = useState<Partial<Record<string, PollAnswer>>>({});
  const [picking, setPicking] = useState<PollOption | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [pending, setPending] = useState(false);
  const mine = tallies.mine?.answers;
  // Adjusted during render (docs/web.md): a sent answer the ballot now holds is no longer pending.
  const echoed = Object.keys(sent).filter((id) => mine?.[id] === sent[id]);
  if (echoed.length > 0) {
    setSent((s) => Object.fromEntries(Object.entries(s).filter(([id]) => !echoed.includes(id))));
  }
  const open = acceptsAnswers(poll);
  const isEventPoll = poll.target.kind === 'event';

  // One request at a time per card: taps made while one is on its way go together in the next
  // (the ballot merges), so quick taps never race each other on the member's own ballot.
  const queued = useRef<Partial<Record<string, PollAnswer>>>({});
  const sending = useRef(false);

  function answer(optionId: string, value: PollAnswer) {
    if (!requireConnection('Answering the poll')) return;
    setSent((s) => ({ ...s, [optionId]: value }));
    queued.current = { ...queued.current, [optionId]: value };
    if (!sending.current) void send();
  }

  async function send() {
    sending.current = true;
    while (Object.keys(queued.current).length > 0) {
      const batch = queued.current;
      queued.current = {};
      try {
        await answerPoll(eventId, poll.id, batch);
      } catch (err) {
        // Back to what the server holds, unless tapped again meanwhile.
        setSent((s) =>
          Object.fromEntries(
            Object.entries(s).filter(([id]) => !(id in batch) || id in queued.current),
          ),
        );
        showToast({
          title: 'Answer not saved',
          description: describeError(err, 'Your answer could not be saved. Please try again.'),
          status: 'error',
        });
      }
    }
    sending.current = false;
  }

  async function pick() {
    if (!picking || !requireConnection('Setting the date')) return;
    setPending(true);
    try {
      const res = await pickPollOption(eventId, poll.id, picking.id);
      showToast({
        title: 'Date set',
        description:
          res.announced === null
            ? 'Members will be e-mailed the date shortly.'
            : `${res.announced} ${res.announced === 1 ? 'member was' : 'members were'} e-mailed the date.`,
        status: 'success',
      });
      setPicking(null);
    } catch (err) {
      showToast({
        title: 'Date not set',
        description: describeError(err, 'The date could not be set. Please try again.'),
        status: 'error',
      });
    } finally {
      setPending(false);
    }
  }

  async function remove() {
    if (!requireConnection('Deleting the poll')) return;
    setPending(true);
    try {
      await deletePoll(eventId, poll.id);
      showToast({ title: 'Poll deleted', description: 'Its answers are gone.', status: 'success' });
      setDeleting(false);
    } catch (err) {
      showToast({
        title: 'Poll not deleted',
        description: describeError(err, 'The poll could not be deleted. Please try again.'),
        status: 'error',
      });
    } finally {
      setPending(false);
    }
  }

  const meta = [
    `${tallies.voters} ${tallies.voters === 1 ? 'member has' : 'members have'} answered`,
    // The abbreviation in force on the first proposed date.
    `Dates in ${zoneLabel(timeZone, isoToDateTimeLocal(poll.options[0]?.start, timeZone))}`,
    poll.deadline &&
      `${open ? 'Answers close' : 'Answers closed'} ${formatZonedDateTime(poll.deadline, timeZone)}`,
  ].filter(Boolean);

  return (
    <PanelCard
      title={poll.title || `When should ${subject} be?`}
      actions={
        isAdmin && (
          <HStack gap="1">
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
              Edit poll
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDeleting(true)}>
              Delete poll
            </Button>
          </HStack>
        )
      }
    >
      <Stack gap="4" data-testid="date-poll" aria-busy={tallies.loading}>
        <Text fontSize="sm" color="fg.muted">
          {!isEventPoll && `For ${subject}. `}
          {meta.join(' · ')}
        </Text>
        {!open && (
          <Text fontSize="sm" color="fg.warning">
            {isAdmin
              ? 'Answers are closed: pick the date.'
              : 'Answers are closed: the hosts will pick the date.'}
          </Text>
        )}
        {tallies.loading ? (
          // Counts of zero before the shards arrive would read as "nobody answered".
          <Text color="fg.muted">Loading the answers...</Text>
        ) : (
          <PollAnswerGrid
            ranked={tallies.ranked}
            answers={{ ...mine, ...sent }}
            timeZone={timeZone}
            canAnswer={open}
            canPick={isAdmin}
            saving={Object.keys(sent)}
            onAnswer={answer}
            onPick={setPicking}
          />
        )}
        {showNames && (
          <WhoAnswered
            eventId={eventId}
            pollId={poll.id}
            options={tallies.ranked.map((r) => r.option)}
            voters={tallies.voters}
            timeZone={timeZone}
          />
        )}
      </Stack>
      <ConfirmDialog
        open={picking !== null}
        title="Set this date?"
        description={
          picking
            ? `${formatPollOption(picking, timeZone)} becomes ${isEventPoll ? "the event's dates" : `the time of ${subject}`}. The poll closes and members are e-mailed the date with a calendar file.`
            : ''
        }
        confirmLabel="Set the date"
        pendingLabel="Setting..."
        pending={pending}
        onConfirm={() => void pick()}
        onClose={() => setPicking(null)}
      />
      {editing && (
        <Suspense fallback={null}>
          <EditPollDialog
            eventId={eventId}
            poll={poll}
            ranked={tallies.ranked}
            timeZone={timeZone}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete this poll?"
        description="The proposed dates and everyone's answers are deleted."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={pending}
        destructive
        onConfirm={() => void remove()}
        onClose={() => setDeleting(false)}
      />
    </PanelCard>
  );
}
