import { useFirestore } from 'reactfire';
import { dateTimeLocalToIso, isoToDateTimeLocal } from '@gatherly/domain/dates';
import { scheduleItemFormSchema } from '@gatherly/domain/schemas';
import { WallClockHint, zoneLabel } from '../../components/ZonedTime.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useDialogForm } from '../../components/use-dialog-form.ts';
import {
  addScheduleItem,
  updateScheduleItem,
  type ScheduleEntry,
  type ScheduleItemInput,
} from './data.ts';
import { commitWrite } from '../../lib/offline/commit-write.ts';

interface Props {
  eventId: string;
  /** The event's zone: the times are wall-clock times in it. */
  timeZone: string;
  uid: string;
  open: boolean;
  /** The item to edit; without it the dialog adds a new one. */
  item?: ScheduleEntry | null;
  onClose(): void;
}

function initialValues(item: ScheduleEntry | null | undefined, timeZone: string) {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    timeZone,
    startTime: isoToDateTimeLocal(item?.startTime ?? null, timeZone),
    endTime: isoToDateTimeLocal(item?.endTime ?? null, timeZone),
    location: item?.location ?? '',
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
 * Admins add or edit a schedule item; times are entered as wall-clock times in the event's zone
 * and sent as instants, as for travel.
 */
export function ScheduleItemDialog({ eventId, timeZone, uid, open, item, onClose }: Props) {
  const db = useFirestore();
  const editing = Boolean(item);
  const { form, close } = useDialogForm({
    initialValues: initialValues(item, timeZone),
    enableReinitialize: true,
    validationSchema: scheduleItemFormSchema,
    save: (values) => {
      const input = toInput(values);
      return commitWrite(db, () =>
        item
          ? updateScheduleItem(db, eventId, item.id, input)
          : addScheduleItem(db, eventId, uid, input),
      );
    },
    success: (values) => ({
      title: editing ? 'Schedule Updated' : 'Schedule Item Added',
      description: `${values.title.trim()} is on the schedule.`,
    }),
    failure: 'Failed to save the schedule item. Please try again.',
    onClose,
  });
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
    </FormDialog>
  );
}
