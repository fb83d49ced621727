import { useFirestore } from 'reactfire';
import { dateTimeLocalToIso, isoToDateTimeLocal } from '@gatherly/domain/dates';
import { scheduleItemFormSchema } from '@gatherly/domain/schemas';
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
  uid: string;
  open: boolean;
  /** The item to edit; without it the dialog adds a new one. */
  item?: ScheduleEntry | null;
  onClose(): void;
}

function initialValues(item: ScheduleEntry | null | undefined) {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    startTime: isoToDateTimeLocal(item?.startTime ?? null),
    endTime: isoToDateTimeLocal(item?.endTime ?? null),
    location: item?.location ?? '',
  };
}

function toInput(values: ReturnType<typeof initialValues>): ScheduleItemInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    startTime: dateTimeLocalToIso(values.startTime) ?? '',
    endTime: dateTimeLocalToIso(values.endTime),
    location: values.location.trim(),
  };
}

/** Admins add or edit a schedule item; local date-times are sent as ISO, as for travel. */
export function ScheduleItemDialog({ eventId, uid, open, item, onClose }: Props) {
  const db = useFirestore();
  const editing = Boolean(item);
  const { form, close } = useDialogForm({
    initialValues: initialValues(item),
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
      <TextField form={form} name="startTime" label="Start Time" type="datetime-local" required />
      <TextField form={form} name="endTime" label="End Time (optional)" type="datetime-local" />
      <TextField form={form} name="location" label="Location" />
    </FormDialog>
  );
}
