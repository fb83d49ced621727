import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  headsAndRepliesText,
  partyText,
  rsvpStateLabel,
  spotsLeftText,
  waitlistPositionText,
  type RsvpState,
  type RsvpStatus,
} from '@gatherly/domain/rsvp-options';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DeferredMenu, deferredView } from '../../components/DeferredMenu.tsx';
import { ProposeDates } from '../polls/DatePolls.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { seatingHref } from '../../lib/paths.ts';
import { describeError } from '../../lib/errors.ts';
import { requireConnection, showQueuedToast } from '../../lib/offline/offline-toast.ts';
import { QUEUED_MESSAGE } from '../../lib/offline/write-queue.ts';
import { downloadScheduleItemIcs } from './calendar.ts';
import { ZonedTime } from '../../components/ZonedTime.tsx';
import { deleteScheduleItem, headsGoing, type ScheduleEntry } from './data.ts';
import { setMyRsvp, useWaitlistPosition } from './rsvp-data.ts';
import { PanelCard } from '../../components/PanelCard.tsx';
import { goingNeedsStep, mainItemId, type GoingContext } from './rsvp-step.ts';
import { WhoIsGoing } from './WhoIsGoing.tsx';

import { CalendarIcon, LockIcon, MapPinIcon } from '../../components/icons.tsx';
import { groupLimitLabel } from '@gatherly/domain/groups';
import { useGroups } from '../groups/data.ts';

// The dialogs' form library and schemas load when first opened (docs/performance.md).
const ScheduleItemDialog = lazy(() =>
  import('./ScheduleItemDialog.tsx').then((m) => ({ default: m.ScheduleItemDialog })),
);
const RsvpDialog = lazy(() => import('./RsvpDialog.tsx'));
const rsvpMenu = deferredView(() => import('./RsvpMenuView.tsx').then((m) => m.default));

/** What a Going needs to know besides the item: the allowance, questions, stored answers. */
export type GoingRules = Omit<GoingContext, 'capacity'>;

const STATUS_PALETTE: Record<RsvpState | 'none', string> = {
  going: 'green',
  waitlisted: 'purple',
  maybe: 'orange',
  not_going: 'red',
  none: 'gray',
};

interface Props {
  eventId: string;
  eventName: string;
  /** The event's zone (`eventTimeZone`): items are entered and shown in it. */
  timeZone: string;
  uid: string;
  isAdmin: boolean;
  /** The event's creator (their own plan gates capacity). */
  isCreator: boolean;
  /** Names under the counts: admins always, attendees when "Guests can see who's going". */
  showNames: boolean;
  items: readonly ScheduleEntry[];
  /** The viewer's allowance, the event's questions and their stored answers. */
  going: GoingRules;
  /** Just joined: open the RSVP step of the main item (once; `onWelcomed` clears the ask). */
  welcome?: boolean;
  onWelcomed?: () => void;
}

/** The RSVP step open for an item: after choosing Going, or to change the party. */
interface RsvpStep {
  itemId: string;
  mode: 'going' | 'party';
  welcome?: boolean;
}

export function SchedulePanel({
  eventId,
  eventName,
  timeZone,
  uid,
  isAdmin,
  isCreator,
  showNames,
  items,
  going,
  welcome = false,
  onWelcomed,
}: Props) {
  // Admins and the creator manage the schedule; `editing` null = closed, 'new' = add.
  const [editing, setEditing] = useState<ScheduleEntry | 'new' | null>(null);
  // The guest groups (admins: an item's "Only: …" label and its editor's limit).
  const { groups } = useGroups(eventId, isAdmin);
  // A new member lands on the step of the main item, unless they answered it already or a
  // Going there needs no step (nothing to ask: the RSVP chip is one tap anyway).
  const [step, setStep] = useState<RsvpStep | null>(() => {
    const main = welcome ? items.find((i) => i.id === mainItemId(items)) : undefined;
    const needed =
      main !== undefined &&
      main.myStatus === null &&
      goingNeedsStep({ ...going, capacity: main.capacity ?? null });
    return needed ? { itemId: main.id, mode: 'going', welcome: true } : null;
  });
  useEffect(() => {
    if (welcome) onWelcomed?.();
  }, [welcome, onWelcomed]);
  // The item as it stands now (its counts and the viewer's answer move live while open).
  const stepItem = step ? items.find((i) => i.id === step.itemId) : undefined;
  const [removing, setRemoving] = useState<ScheduleEntry | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The item whose time admins put to a date poll (docs/product.md, "Date polls").
  const [polling, setPolling] = useState<ScheduleEntry | null>(null);
  const confirmDelete = async () => {
    if (!removing) return;
    // The function deletes the item and its RSVPs: it needs the server.
    if (!requireConnection('Deleting a schedule item')) return;
    setDeleting(true);
    try {
      await deleteScheduleItem(eventId, removing.id);
      setRemoving(null);
    } catch (err) {
      console.error('Deleting the schedule item failed', err);
      showToast({
        title: 'Error',
        description: describeError(err, 'Failed to delete the schedule item. Please try again.'),
        status: 'error',
      });
    } finally {
      setDeleting(false);
    }
  };
  return (
    <PanelCard
      title="Event Schedule"
      actions={
        isAdmin && (
          <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
            Add Item
          </Button>
        )
      }
    >
      {isAdmin && editing !== null && (
        <Suspense fallback={null}>
          <ScheduleItemDialog
            eventId={eventId}
            timeZone={timeZone}
            uid={uid}
            isCreator={isCreator}
            groups={groups}
            open
            item={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {step && stepItem && (
        <Suspense fallback={null}>
          <RsvpDialog
            item={stepItem}
            target={{ uid, eventId, itemId: stepItem.id, title: stepItem.title }}
            mode={step.mode}
            welcome={step.welcome}
            context={{ ...going, capacity: stepItem.capacity ?? null }}
            onClose={() => setStep(null)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Delete Schedule Item"
        description={`Delete "${removing?.title ?? ''}" and its RSVPs from the schedule?`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleting}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => setRemoving(null)}
      />
      {isAdmin && (
        <ProposeDates
          open={polling !== null}
          eventId={eventId}
          target={{ kind: 'schedule', scheduleId: polling?.id ?? '' }}
          subject={polling?.title ?? ''}
          timeZone={timeZone}
          onClose={() => setPolling(null)}
        />
      )}
      {items.length === 0 ? (
        <Text color="fg.muted">No events scheduled yet</Text>
      ) : (
        <Stack gap="3">
          {items.map((item) => (
            <ScheduleRow
              key={item.id}
              eventId={eventId}
              uid={uid}
              eventName={eventName}
              timeZone={timeZone}
              item={item}
              limitLabel={isAdmin ? groupLimitLabel(item, groups) : ''}
              showNames={showNames}
              going={going}
              onStep={(mode) => setStep({ itemId: item.id, mode })}
              onEdit={isAdmin ? () => setEditing(item) : undefined}
              onDelete={isAdmin ? () => setRemoving(item) : undefined}
              seating={isAdmin ? seatingHref(eventId, item.id) : undefined}
              onPoll={isAdmin ? () => setPolling(item) : undefined}
            />
          ))}
        </Stack>
      )}
    </PanelCard>
  );
}

function ScheduleRow({
  eventId,
  uid,
  eventName,
  timeZone,
  item,
  limitLabel,
  showNames,
  going,
  onStep,
  onEdit,
  onDelete,
  seating,
  onPoll,
}: {
  eventId: string;
  uid: string;
  eventName: string;
  timeZone: string;
  item: ScheduleEntry;
  /** "Only: Wedding party" for admins when the item is limited to groups; '' otherwise. */
  limitLabel: string;
  showNames: boolean;
  going: GoingRules;
  onStep(mode: RsvpStep['mode']): void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** The item's seating chart (admins and the creator). */
  seating?: string;
  /** Admins: propose times for this item in a date poll. */
  onPoll?: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const capacity = item.capacity ?? null;
  const waiting = item.rsvpCounts.waitlisted ?? 0;
  const attending = item.myStatus === 'going' || item.myStatus === 'waitlisted';
  const position = useWaitlistPosition(
    eventId,
    item.id,
    item.myStatus === 'waitlisted' && !item.myStatusPending,
    waiting,
  );
  const choose = (status: RsvpStatus) => {
    // A Going that needs a party, the host's questions or a look at the spots left takes the
    // RSVP step; every other answer is one click.
    if (status === 'going' && goingNeedsStep({ ...going, capacity })) onStep('going');
    else void answer(status);
  };
  const answer = async (status: RsvpStatus) => {
    // The RSVP function moves the item's tallies with the answer; without a connection the
    // answer waits on this device and is sent when back online (rsvp-queue.ts).
    setSaving(true);
    try {
      const target = { uid, eventId, itemId: item.id, title: item.title };
      const outcome = await setMyRsvp(target, { status });
      if (outcome === 'queued') showQueuedToast('RSVP saved');
      else if (outcome === 'waitlisted')
        showToast({
          title: "You're on the waitlist",
          description: `You'll get a spot for ${item.title} as soon as one opens, and an e-mail saying so.`,
          status: 'info',
        });
    } catch (err) {
      console.error('RSVP failed', err);
      showToast({
        title: 'Error',
        description: describeError(err, 'Could not save your RSVP. Please try again.'),
        status: 'error',
      });
    } finally {
      setSaving(false);
    }
  };
  const addToCalendar = () => void downloadScheduleItemIcs(item, eventName, timeZone);

  return (
    <Box borderWidth="1px" borderRadius="l2" p="3" data-testid="schedule-item">
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2">
        <Box minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{item.title}</Text>
            {limitLabel && (
              <Badge colorPalette="blue" variant="surface" data-testid="item-limit">
                <LockIcon /> {limitLabel}
              </Badge>
            )}
          </HStack>
          {item.description && (
            <Text fontSize="sm" color="fg.muted">
              {item.description}
            </Text>
          )}
          <HStack gap="3" fontSize="sm" color="fg.muted" wrap="wrap" mt="1">
            <HStack gap="1">
              <CalendarIcon />{' '}
              <ZonedTime value={item.startTime} end={item.endTime} timeZone={timeZone} />
            </HStack>
            {item.location && (
              <HStack gap="1">
                <MapPinIcon /> <Text>{item.location}</Text>
              </HStack>
            )}
            <Text data-testid="rsvp-counts">
              {headsAndRepliesText({ ...item.rsvpCounts, goingHeads: headsGoing(item.rsvpCounts) })}
            </Text>
            {capacity !== null && (
              <Text data-testid="spots-left">
                {spotsLeftText(capacity, headsGoing(item.rsvpCounts))}
                {waiting > 0 && ` · ${waiting} on the waitlist`}
              </Text>
            )}
          </HStack>
          {item.myStatus === 'waitlisted' && (
            <Text fontSize="sm" mt="1" color="purple.fg" data-testid="waitlist-position">
              {waitlistPositionText(position)}
            </Text>
          )}
          {attending && item.myGuests.length > 0 && (
            <Text fontSize="sm" mt="1" color="fg.muted" data-testid="my-party">
              Your party: {partyText(item.myGuests.length)} (
              {item.myGuests.map((g) => g.name).join(', ')})
            </Text>
          )}
          {showNames && (
            <WhoIsGoing eventId={eventId} itemId={item.id} going={item.rsvpCounts.going} />
          )}
        </Box>
        <HStack gap="2" flexShrink={0} align="start" wrap="wrap">
          {seating && (
            <Button size="xs" variant="ghost" asChild>
              <Link to={seating} aria-label={`Seating for ${item.title}`}>
                Seating
              </Link>
            </Button>
          )}
          {onEdit && (
            <Button size="xs" variant="ghost" onClick={onEdit} aria-label={`Edit ${item.title}`}>
              Edit
            </Button>
          )}
          {onPoll && (
            <Button
              size="xs"
              variant="ghost"
              onClick={onPoll}
              aria-label={`Poll times for ${item.title}`}
            >
              Poll times
            </Button>
          )}
          {onDelete && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={onDelete}
              aria-label={`Delete ${item.title}`}
            >
              Delete
            </Button>
          )}
          <Button
            size="xs"
            variant="ghost"
            onClick={addToCalendar}
            aria-label={`Add to calendar: ${item.title}`}
          >
            <CalendarIcon /> Add to calendar
          </Button>
          <DeferredMenu
            view={rsvpMenu}
            props={{
              canEditParty: attending && (going.allowance > 0 || item.myGuests.length > 0),
              onChoose: choose,
              onEditParty: () => onStep('party'),
            }}
            trigger={
              <Button
                size="xs"
                variant="outline"
                loading={saving}
                aria-label={`Your RSVP: ${rsvpStateLabel(item.myStatus)}`}
              >
                <Badge colorPalette={STATUS_PALETTE[item.myStatus ?? 'none']} variant="subtle">
                  {rsvpStateLabel(item.myStatus)}
                </Badge>
                ▾
              </Button>
            }
          />
          {item.myStatusPending && (
            <Text fontSize="xs" color="fg.muted" title={QUEUED_MESSAGE} alignSelf="center">
              Not synced yet
            </Text>
          )}
        </HStack>
      </Stack>
    </Box>
  );
}
