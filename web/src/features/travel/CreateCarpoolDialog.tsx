import { carpoolFormSchema } from '@gatherly/domain/schemas';
import { useDialogForm } from '../../components/use-dialog-form.ts';
import { createCarpool, localInputToIso } from './data.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/TextField.tsx';

interface Props {
  eventId: string;
  open: boolean;
  onClose(): void;
}

const EMPTY = { fromLocation: '', toLocation: '', departureTime: '', maxSeats: 4 };

export function CreateCarpoolDialog({ eventId, open, onClose }: Props) {
  const { form, close } = useDialogForm({
    initialValues: EMPTY,
    validationSchema: carpoolFormSchema,
    save: (values) =>
      createCarpool(eventId, {
        fromLocation: values.fromLocation,
        toLocation: values.toLocation,
        departureTime: localInputToIso(values.departureTime),
        maxSeats: Number(values.maxSeats),
      }),
    success: () => ({
      title: 'Carpool Created',
      description: 'Your carpool is open for others to join.',
    }),
    failure: 'Failed to create carpool. Please try again.',
    onClose,
  });
  return (
    <FormDialog
      open={open}
      title="Create Carpool"
      submitLabel="Create Carpool"
      submittingLabel="Creating..."
      submitting={form.isSubmitting}
      onClose={close}
      onSubmit={form.handleSubmit}
    >
      <TextField form={form} name="fromLocation" label="From" placeholder="Downtown" />
      <TextField form={form} name="toLocation" label="To" placeholder="Venue" />
      <TextField
        form={form}
        name="departureTime"
        label="Departure Time"
        type="datetime-local"
        required
      />
      <TextField form={form} name="maxSeats" label="Seats" type="number" min={1} max={8} />
    </FormDialog>
  );
}
