import { useDb } from '../../lib/live/index.ts';
import { isoToDateTimeLocal } from '@gatherly/domain/dates';
import { carpoolEditFormSchema, carpoolFormSchema } from '@gatherly/domain/schemas';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/TextField.tsx';
import { useDialogForm } from '../../components/use-dialog-form.ts';
import { WallClockHint, zoneLabel } from '../../components/ZonedTime.tsx';
import { commitWrite } from '../../lib/offline/commit-write.ts';
import type { CarpoolDoc } from '../../lib/types.ts';
import { createCarpool, localInputToIso, updateCarpool, type CarpoolEdit } from './data.ts';

interface Props {
  eventId: string;
  /** The event's zone: the departure is a wall-clock time in it. */
  timeZone: string;
  open: boolean;
  /** The carpool to edit (its driver or an admin); without it the dialog offers a new one. */
  carpool?: CarpoolDoc | null;
  onClose(): void;
}

const EMPTY = { fromLocation: '', toLocation: '', departureTime: '', maxSeats: 4 };
type CarpoolValues = typeof EMPTY;

function carpoolValues(carpool: CarpoolDoc, timeZone: string): CarpoolValues {
  return {
    fromLocation: carpool.fromLocation,
    toLocation: carpool.toLocation,
    departureTime: isoToDateTimeLocal(carpool.departureTime, timeZone),
    maxSeats: carpool.maxSeats,
  };
}

/**
 * Create Carpool and Edit Carpool. Offering goes through the API (travel limit, counts); an
 * edit is a direct update the rules decide, seats never below the people already in.
 */
export function CarpoolDialog({ eventId, timeZone, open, carpool, onClose }: Props) {
  const db = useDb();
  const { form, close } = useDialogForm({
    initialValues: carpool ? carpoolValues(carpool, timeZone) : EMPTY,
    validationSchema: carpool ? carpoolEditFormSchema(carpool.currentSeats) : carpoolFormSchema,
    save: (values) => {
      const input: CarpoolEdit = {
        fromLocation: values.fromLocation,
        toLocation: values.toLocation,
        departureTime: localInputToIso(values.departureTime, timeZone),
        maxSeats: Number(values.maxSeats),
      };
      return carpool
        ? commitWrite(db, () => updateCarpool(db, eventId, carpool.id, input))
        : createCarpool(eventId, input);
    },
    success: () =>
      carpool
        ? { title: 'Carpool Updated', description: 'Your changes have been shared with the group.' }
        : { title: 'Carpool Created', description: 'Your carpool is open for others to join.' },
    failure: carpool
      ? 'Failed to update carpool. Please try again.'
      : 'Failed to create carpool. Please try again.',
    onClose,
  });
  const title = carpool ? 'Edit Carpool' : 'Create Carpool';
  return (
    <FormDialog
      open={open}
      title={title}
      submitLabel={carpool ? 'Save Changes' : 'Create Carpool'}
      submittingLabel={carpool ? 'Saving...' : 'Creating...'}
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
      <TextField
        form={form}
        name="maxSeats"
        label="Seats"
        type="number"
        min={carpool ? Math.max(1, carpool.currentSeats) : 1}
        max={8}
        helper={
          carpool && carpool.currentSeats > 1
            ? `${carpool.currentSeats} people are in already, the driver included.`
            : undefined
        }
      />
    </FormDialog>
  );
}
