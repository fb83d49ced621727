import { Badge, Box, Button, HStack, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { rsvpLabel, RSVP_STATUSES, type RsvpStatus } from '@gatherly/domain/entities';
import { rsvpStateLabel, type RsvpState } from '@gatherly/domain/rsvp-options';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { showToast } from '../../components/toaster.tsx';
import { describeError } from '../../lib/errors.ts';
import { requireConnection, showQueuedToast } from '../../lib/offline/offline-toast.ts';
import { QUEUED_MESSAGE } from '../../lib/offline/write-queue.ts';
import { downloadScheduleItemIcs } from './calendar.ts';
import { ZonedTime } from '../../components/ZonedTime.tsx';
import { attendingText, deleteScheduleItem, setMyRsvp, type ScheduleEntry } from './data.ts';
import { PanelCard } from './PanelCard.tsx';
import { WhoIsGoing } from './WhoIsGoing.tsx';

import { CalendarIcon, MapPinIcon } from '../../components/icons.tsx';

// The dialog's form library and schemas load when an admin opens it (docs/performance.md).
const ScheduleItemDialog = lazy(() =>
  import('./ScheduleItemDialog.tsx').then((m) => ({ default: m.ScheduleItemDialog })),
);

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
  /** Names under the counts: admins always, attendees when "Guests can see who's going". */
  showNames: boolean;
  items: readonly ScheduleEntry[];
}

export function SchedulePanel({
  eventId,
  eventName,
  timeZone,
  uid,
  isAdmin,
  showNames,
  items,
}: Props) {
  // Admins and the creator manage the schedule; `editing` null = closed, 'new' = add.
  const [editing, setEditing] = useState<ScheduleEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<ScheduleEntry | null>(null);
  const [deleting, setDeleting] = useState(false);
  const confirmDelete = async () => {
    if (!removing) return;
    // The function deletes the item and its RSVPs: it needs the server.
    if (!requireConnection('Deleting a schedule item')) return;
    setDeleting(true);
    try {
      await deleteScheduleItem(removing.id);
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
            open
            item={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
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
              showNames={showNames}
              onEdit={isAdmin ? () => setEditing(item) : undefined}
              onDelete={isAdmin ? () => setRemoving(item) : undefined}
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
  showNames,
  onEdit,
  onDelete,
}: {
  eventId: string;
  uid: string;
  eventName: string;
  timeZone: string;
  item: ScheduleEntry;
  showNames: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const answer = async (status: RsvpStatus) => {
    // The RSVP function moves the item's tallies with the answer; without a connection the
    // answer waits on this device and is sent when back online (lib/offline/rsvp-queue.ts).
    setSaving(true);
    try {
      const target = { uid, eventId, itemId: item.id, title: item.title };
      if ((await setMyRsvp(target, status)) === 'queued') showQueuedToast('RSVP saved');
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
          <Text fontWeight="semibold">{item.title}</Text>
          {item.description && (
            <Text fontSize="sm" color="fg.muted">
              {item.description}
            </Text>
          )}
          <HStack gap="3" fontSize="sm" color="fg.muted" wrap="wrap" mt="1">
            <HStack gap="1">
              <CalendarIcon /> <ZonedTime value={item.startTime} timeZone={timeZone} />
            </HStack>
            {item.location && (
              <HStack gap="1">
                <MapPinIcon /> <Text>{item.location}</Text>
              </HStack>
            )}
            <Text>{attendingText(item.rsvpCounts)}</Text>
          </HStack>
          {showNames && (
            <WhoIsGoing eventId={eventId} itemId={item.id} going={item.rsvpCounts.going} />
          )}
        </Box>
        <HStack gap="2" flexShrink={0} align="start" wrap="wrap">
          {onEdit && (
            <Button size="xs" variant="ghost" onClick={onEdit} aria-label={`Edit ${item.title}`}>
              Edit
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
          <Menu.Root>
            <Menu.Trigger asChild>
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
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  {RSVP_STATUSES.map((s) => (
                    <Menu.Item key={s} value={s} onClick={() => void answer(s)}>
                      {rsvpLabel(s)}
                    </Menu.Item>
                  ))}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
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
