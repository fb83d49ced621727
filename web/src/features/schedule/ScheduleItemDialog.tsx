import { Button, HStack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useDb } from '../../lib/live/index.ts';
import { dateTimeLocalToIso, isoToDateTimeLocal } from '@gatherly/domain/dates';
import { RSVP_OPTION_MESSAGES } from '@gatherly/domain/rsvp-options';
import {
  capacityFormSchema,
  capacityFromForm,
  scheduleItemFormSchema,
} from '@gatherly/domain/schemas';
import { WallClockHint, zoneLabel } from '../../components/ZonedTime.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useDialogForm } from '../../components/use-dialog-form.ts';
import { describeError } from '../../lib/errors.ts';
import { isOnline, offlineReason } from '../../lib/offline/connectivity.ts';
import { UpgradeDialog } from '../subscription/UpgradeDialog.tsx';
import { useSubscription } from '../subscription/use-subscription.ts';
import {
  addScheduleItem,
  newScheduleItemId,
  setItemCapacity,
  updateScheduleItem,
  type ScheduleEntry,
  type ScheduleItemInput,
} from './data.ts';
import { commitWrite } from '../../lib/offline/commit-write.ts';
import { itemGroupIds } from '@gatherly/domain/groups';
import { GroupChecklist } from '../groups/GroupChecklist.tsx';
import type { GroupDoc } from '../../lib/types.ts';

interface Props {
  eventId: string;
  /** The event's guest groups: the item can be limited to some (docs/product.md). */
  groups: readonly GroupDoc[];
  /** The event's zone: the times are wall-clock times in it. */
  timeZone: string;
  uid: string;
  /** The creator's own plan decides capacity (other admins learn it from the server). */
  isCreator: boolean;
  open: boolean;
  /** The item to edit; without it the dialog adds a new one. */
  item?: ScheduleEntry | null;
  onClose(): void;
}

const formSchema = scheduleItemFormSchema.shape({ capacity: capacityFormSchema });

function initialValues(item: ScheduleEntry | null | undefined, timeZone: string) {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    timeZone,
    startTime: isoToDateTimeLocal(item?.startTime ?? null, timeZone),
    endTime: isoToDateTimeLocal(item?.endTime ?? null, timeZone),
    location: item?.location ?? '',
    capacity: item?.capacity ? String(item.capacity) : '',
  };
}

function toInput(values: ReturnType<typeof initialValues>): ScheduleItemInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    startTime: dateTimeLocalToIso(values.startTime, values.timeZone) ?? '',
    endTime: dateTimeLocalToIso(values.endTime, values.timeZone),
    location: values.location.trim(),
  };
}

/**
 * The groups to write: undefined (unchanged) when the ticks are the item's own, so a list of
 * groups not loaded (yet) never lifts a limit; otherwise the ticked groups that still exist.
 */
export function limitToSave(
  item: ScheduleEntry | null | undefined,
  limit: readonly string[],
  groups: readonly GroupDoc[],
): string[] | undefined {
  const before = item ? itemGroupIds(item) : [];
  const same = before.length === limit.length && before.every((id) => limit.includes(id));
  if (item && same) return undefined;
  return limit.filter((id) => groups.some((g) => g.id === id));
}

/**
 * Whether the capacity field can be used: the event creator's plan decides
 * (`advancedSchedulingEnabled`). The creator knows their own plan; for other admins it is
 * 'unknown' and the server's answer says so. A limit already set can always be changed or
 * cleared (the server allows clearing on every plan).
 */
type CapacityGate = 'allowed' | 'unknown' | 'loading' | 'upgrade';

function useCapacityGate(isCreator: boolean): {
  gate: CapacityGate;
  tier: ReturnType<typeof useSubscription>['subscription'];
} {
  const { subscription, loading, error } = useSubscription(isCreator);
  if (!isCreator || error) return { gate: 'unknown', tier: subscription };
  if (loading || !subscription) return { gate: 'loading', tier: null };
  return {
    gate: subscription.features.advancedSchedulingEnabled ? 'allowed' : 'upgrade',
    tier: subscription,
  };
}

/**
 * Admins add or edit a schedule item; times are entered as wall-clock times in the event's zone
 * and sent as instants, as for travel. The item is written directly (rules); its capacity goes
 * through PUT /api/events/{e}/schedule/{s}/capacity (it moves the waitlist), right after a new item is
 * written.
 */
export function ScheduleItemDialog({
  eventId,
  timeZone,
  uid,
  isCreator,
  groups,
  open,
  item,
  onClose,
}: Props) {
  const db = useDb();
  const editing = Boolean(item);
  // Who sees the item: [] = everyone; otherwise its groups' members and the hosts.
  const [limit, setLimit] = useState<string[]>(() => (item ? itemGroupIds(item) : []));
  const { gate, tier } = useCapacityGate(isCreator);
  const [upgrading, setUpgrading] = useState(false);
  const current = item?.capacity ?? null;
  // Why the capacity was not saved after the item was (the one toast says both).
  const capacityFailure = useRef<string | null>(null);
  const { form, close } = useDialogForm({
    initialValues: initialValues(item, timeZone),
    enableReinitialize: true,
    validationSchema: formSchema,
    save: async (values) => {
      const input = { ...toInput(values), groupIds: limitToSave(item, limit, groups) };
      const capacity = capacityFromForm(values.capacity);
      const capacityChanged = capacity !== current;
      // The capacity needs the server (it promotes from the waitlist): say so before writing;
      // the form keeps what was typed.
      if (capacityChanged && !isOnline()) throw new Error(offlineReason('Setting a capacity'));
      capacityFailure.current = null;
      const itemId = item?.id ?? newScheduleItemId(db, eventId);
      const outcome = await commitWrite(db, () =>
        item
          ? updateScheduleItem(db, eventId, item.id, input)
          : addScheduleItem(db, eventId, uid, input, itemId),
      );
      if (capacityChanged && outcome === 'saved') {
        try {
          await setItemCapacity(eventId, itemId, capacity);
        } catch (err) {
          console.error('Setting the capacity failed', err);
          capacityFailure.current = describeError(err, 'Please try again.');
        }
      }
      return outcome;
    },
    success: (values) =>
      capacityFailure.current
        ? {
            title: 'Capacity not saved',
            description: `${values.title.trim()} is on the schedule without the new capacity: ${capacityFailure.current}`,
            status: 'error',
          }
        : {
            title: editing ? 'Schedule Updated' : 'Schedule Item Added',
            description: `${values.title.trim()} is on the schedule.`,
          },
    failure: 'Failed to save the schedule item. Please try again.',
    onClose,
  });
  // Without the plan, a limit can still be cleared or changed once set (before a downgrade).
  const capacityLocked = (gate === 'upgrade' && current === null) || gate === 'loading';
  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit Schedule Item' : 'Add Schedule Item'}
      submitLabel={editing ? 'Save' : 'Add Item'}
      submittingLabel="Saving..."
      submitting={form.isSubmitting}
      onClose={close}
      onSubmit={form.handleSubmit}
    >
      <TextField form={form} name="title" label="Title" placeholder="Welcome dinner" required />
      <TextField form={form} name="description" label="Description" />
      <TextField
        form={form}
        name="startTime"
        label="Start Time"
        type="datetime-local"
        required
        helper={
          <>
            In {zoneLabel(timeZone, form.values.startTime)}, the event’s time zone.{' '}
            <WallClockHint value={form.values.startTime} timeZone={timeZone} />
          </>
        }
      />
      <TextField
        form={form}
        name="endTime"
        label="End Time (optional)"
        type="datetime-local"
        helper={<WallClockHint value={form.values.endTime} timeZone={timeZone} />}
      />
      <TextField form={form} name="location" label="Location" />
      <TextField
        form={form}
        name="capacity"
        label="Capacity (optional)"
        inputMode="numeric"
        disabled={capacityLocked}
        helper={
          gate === 'upgrade' && current === null ? (
            <HStack as="span" gap="2" wrap="wrap">
              <Text as="span">{RSVP_OPTION_MESSAGES.capacityNeedsPlan}.</Text>
              <Button size="xs" variant="outline" onClick={() => setUpgrading(true)}>
                Upgrade
              </Button>
            </HStack>
          ) : (
            'Most people going, guests included; empty for no limit. When it is full, Going joins a waitlist.'
          )
        }
      />
      <GroupChecklist
        legend="Who can see it"
        helper={
          limit.length === 0
            ? 'Everyone in the event. Tick groups to show it only to their members (and the hosts).'
            : 'Only the members of the ticked groups (and the hosts) see it, its answers and its reminders.'
        }
        groups={groups}
        chosen={limit}
        disabled={form.isSubmitting}
        onChange={setLimit}
      />
      {upgrading && (
        <UpgradeDialog
          open
          onClose={() => setUpgrading(false)}
          tier={tier?.tier ?? null}
          limits={null}
          feature="Capacity and waitlists"
        />
      )}
    </FormDialog>
  );
}
