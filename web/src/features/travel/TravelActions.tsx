// Edit and Delete for one flight or carpool (its owner or event admins) and Leave for a carpool's
// riders. Dialogs mount only while open, so a page of cards holds no forms; their form code loads
// on the first Edit, keeping it off the dashboard's travel panel (docs/performance.md).
import { Button, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { can } from '@gatherly/domain/roles';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DeferredMenu, deferredView } from '../../components/DeferredMenu.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { describeError } from '../../lib/errors.ts';
import { useEventScope } from '../../lib/event-scope.tsx';
import { requireConnection } from '../../lib/offline/offline-toast.ts';
import type { CarpoolDoc, FlightDoc } from '../../lib/types.ts';
import { deleteCarpool, deleteFlight, leaveCarpool } from './data.ts';
import type { EntryMenuProps } from './EntryMenuView.tsx';

const FlightDialog = lazy(() =>
  import('./FlightDialog.tsx').then((m) => ({ default: m.FlightDialog })),
);
const CarpoolDialog = lazy(() =>
  import('./CarpoolDialog.tsx').then((m) => ({ default: m.CarpoolDialog })),
);

/** The traveller (driver) or event admins manage an entry (docs/product.md, "Travel"). */
function useCanManage(ownerId: string): boolean {
  const { uid, role } = useEventScope();
  return ownerId === uid || can(role, 'editAnyTravel');
}

const entryMenu = deferredView(() => import('./EntryMenuView.tsx').then((m) => m.default));

/** Edit / Delete for one entry; `label` ("flight …" or "carpool …") names it for screen readers. */
function EntryMenu({ label, ...props }: { label: string } & EntryMenuProps) {
  return (
    <DeferredMenu
      view={entryMenu}
      props={props}
      trigger={
        <IconButton size="2xs" variant="ghost" aria-label={`Manage ${label}`}>
          <span aria-hidden>⋯</span>
        </IconButton>
      }
    />
  );
}

/**
 * Runs a server action behind a confirmation: the dialog stays open with its pending label until
 * the server answers, then closes; a failure is a toast sentence.
 */
function useConfirmedAction(what: string, failure: string, action: () => Promise<unknown>) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    if (!requireConnection(what)) return;
    setPending(true);
    try {
      await action();
      setConfirming(false);
      return true;
    } catch (err) {
      console.error(`${what} failed`, err);
      showToast({ title: 'Error', description: describeError(err, failure), status: 'error' });
      return false;
    } finally {
      setPending(false);
    }
  };
  return {
    confirming,
    pending,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    confirm,
  };
}

export function FlightActions({
  flight,
  eventTimeZone,
}: {
  flight: FlightDoc;
  eventTimeZone: string;
}) {
  const [editing, setEditing] = useState(false);
  const remove = useConfirmedAction(
    'Deleting a flight',
    'Failed to delete flight. Please try again.',
    () => deleteFlight(flight),
  );
  const canManage = useCanManage(flight.userId);
  if (!canManage) return null;
  const route = `${flight.departure || 'departure'} → ${flight.arrival || 'arrival'}`;
  return (
    <>
      <EntryMenu label={`flight ${route}`} onEdit={() => setEditing(true)} onDelete={remove.ask} />
      {editing && (
        <Suspense fallback={null}>
          <FlightDialog
            eventId={flight.eventId}
            eventTimeZone={eventTimeZone}
            flight={flight}
            open
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
      {remove.confirming && (
        <ConfirmDialog
          open
          title="Delete Flight"
          description={`Delete the flight ${route}? Everyone in the event stops seeing it.`}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={remove.pending}
          destructive
          onConfirm={() => void remove.confirm()}
          onClose={remove.cancel}
        />
      )}
    </>
  );
}

export function CarpoolActions({ carpool, timeZone }: { carpool: CarpoolDoc; timeZone: string }) {
  const [editing, setEditing] = useState(false);
  const remove = useConfirmedAction(
    'Deleting a carpool',
    'Failed to delete carpool. Please try again.',
    () => deleteCarpool(carpool),
  );
  const canManage = useCanManage(carpool.driverId);
  if (!canManage) return null;
  const route = `${carpool.fromLocation} → ${carpool.toLocation}`;
  const riders = carpool.passengerIds.length;
  return (
    <>
      <EntryMenu label={`carpool ${route}`} onEdit={() => setEditing(true)} onDelete={remove.ask} />
      {editing && (
        <Suspense fallback={null}>
          <CarpoolDialog
            eventId={carpool.eventId}
            timeZone={timeZone}
            carpool={carpool}
            open
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
      {remove.confirming && (
        <ConfirmDialog
          open
          title="Delete Carpool"
          description={
            riders === 0
              ? `Delete the carpool ${route}?`
              : riders === 1
                ? `Delete the carpool ${route}? Its passenger loses their seat.`
                : `Delete the carpool ${route}? Its ${riders} passengers lose their seats.`
          }
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          pending={remove.pending}
          destructive
          onConfirm={() => void remove.confirm()}
          onClose={remove.cancel}
        />
      )}
    </>
  );
}

/** A rider gives their seat back, after confirming (the seat may be taken at once). */
export function LeaveCarpoolButton({ carpool }: { carpool: CarpoolDoc }) {
  const leave = useConfirmedAction(
    'Leaving a carpool',
    'Failed to leave carpool. Please try again.',
    () => leaveCarpool(carpool),
  );
  const route = `${carpool.fromLocation} → ${carpool.toLocation}`;
  const confirm = async () => {
    if (await leave.confirm())
      showToast({
        title: 'Left Carpool',
        description: `You left the carpool from ${carpool.fromLocation} to ${carpool.toLocation}.`,
        status: 'success',
      });
  };
  return (
    <>
      <Button size="xs" variant="outline" onClick={leave.ask}>
        Leave
      </Button>
      {leave.confirming && (
        <ConfirmDialog
          open
          title="Leave Carpool"
          description={`Give up your seat in the carpool ${route}? Someone else may take it.`}
          confirmLabel="Leave"
          pendingLabel="Leaving..."
          pending={leave.pending}
          destructive
          onConfirm={() => void confirm()}
          onClose={leave.cancel}
        />
      )}
    </>
  );
}
