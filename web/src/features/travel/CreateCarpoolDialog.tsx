import { carpoolFormSchema } from '@gatherly/domain/schemas';
import { useDialogForm } from '../../components/use-dialog-form.ts';
import { createCarpool, localInputToIso } from './data.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/TextField.tsx';
import { WallClockHint, zoneLabel } from '../../components/ZonedTime.tsx';

interface Props {
  eventId: string;
  /** The event's zone: the departure is a wall-clock time in it. */
  timeZone: string;
  open: boolean;
  onClose(): void;
}

const EMPTY = { fromLocation: '', toLocation: '', departureTime: '', maxSeats: 4 };

export function CreateCarpoolDialog({ eventId, timeZone, open, onClose }: Props) {
  const { form, close } = useDialogForm({
    initialValues: EMPTY,
    validationSchema: carpoolFormSchema,
    save: (values) =>
      createCarpool(eventId, {
        fromLocation: values.fromLocation,
        toLocation: values.toLocation,
        departureTime: localInputToIso(values.departureTime, timeZone),
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
        helper={
          <>
            In {zoneLabel(timeZone, form.values.departureTime)}, the event’s time zone.{' '}
            <WallClockHint value={form.values.departureTime} timeZone={timeZone} />
          </>
        }
      />
      <TextField form={form} name="maxSeats" label="Seats" type="number" min={1} max={8} />
    </FormDialog>
  );
}
