import { useFormik } from 'formik';
import { useFirestore } from 'reactfire';
import { dateTimeLocalToIso, isoToDateTimeLocal } from '@gatherly/domain/dates';
import { scheduleItemFormSchema } from '@gatherly/domain/schemas';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/TextField.tsx';
import { showToast } from '../../components/toaster.tsx';
import { addScheduleItem, updateScheduleItem, type ScheduleEntry } from './data.ts';

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

/** Admins add or edit a schedule item; local date-times are sent as ISO, as for travel. */
export function ScheduleItemDialog({ eventId, uid, open, item, onClose }: Props) {
  const db = useFirestore();
  const editing = Boolean(item);
  const form = useFormik({
    initialValues: initialValues(item),
    enableReinitialize: true,
    validationSchema: scheduleItemFormSchema,
    onSubmit: async (values, helpers) => {
      const input = {
        title: values.title.trim(),
        description: values.description.trim(),
        startTime: dateTimeLocalToIso(values.startTime) ?? '',
        endTime: dateTimeLocalToIso(values.endTime),
        location: values.location.trim(),
      };
      try {
        if (item) await updateScheduleItem(db, eventId, item.id, input);
        else await addScheduleItem(db, eventId, uid, input);
        showToast({
          title: editing ? 'Schedule Updated' : 'Schedule Item Added',
          description: `${input.title} is on the schedule.`,
          status: 'success',
        });
        helpers.resetForm();
        onClose();
      } catch (err) {
        console.error('Saving the schedule item failed', err);
        showToast({
          title: 'Error',
          description: 'Failed to save the schedule item. Please try again.',
          status: 'error',
        });
      }
    },
  });
  const close = () => {
    form.resetForm();
    onClose();
  };
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
