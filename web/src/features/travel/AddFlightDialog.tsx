import { SimpleGrid } from '@chakra-ui/react';
import { flightFormSchema } from '@gatherly/domain/schemas';
import { useDialogForm } from '../../components/use-dialog-form.ts';
import { addFlight, localInputToIso } from './data.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/TextField.tsx';

interface Props {
  eventId: string;
  open: boolean;
  onClose(): void;
}

const EMPTY = {
  airline: '',
  flightNumber: '',
  departure: '',
  arrival: '',
  departureTime: '',
  arrivalTime: '',
};

export function AddFlightDialog({ eventId, open, onClose }: Props) {
  const { form, close } = useDialogForm({
    initialValues: EMPTY,
    validationSchema: flightFormSchema,
    save: (values) =>
      addFlight(eventId, {
        ...values,
        departureTime: localInputToIso(values.departureTime),
        arrivalTime: localInputToIso(values.arrivalTime),
      }),
    success: () => ({
      title: 'Flight Added',
      description: 'Your flight has been shared with the group.',
    }),
    failure: 'Failed to add flight. Please try again.',
    onClose,
  });
  return (
    <FormDialog
      open={open}
      title="Add Flight"
      submitLabel="Add Flight"
      submittingLabel="Adding..."
      submitting={form.isSubmitting}
      onClose={close}
      onSubmit={form.handleSubmit}
    >
      <SimpleGrid columns={2} gap="3">
        <TextField form={form} name="airline" label="Airline" placeholder="United" />
        <TextField form={form} name="flightNumber" label="Flight Number" placeholder="UA 123" />
        <TextField form={form} name="departure" label="From" placeholder="SFO" />
        <TextField form={form} name="arrival" label="To" placeholder="JFK" />
      </SimpleGrid>
      <TextField
        form={form}
        name="departureTime"
        label="Departure Time"
        type="datetime-local"
        required
      />
      <TextField
        form={form}
        name="arrivalTime"
        label="Arrival Time"
        type="datetime-local"
        required
      />
    </FormDialog>
  );
}
