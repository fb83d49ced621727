// Who the host is moving: people picked (tap or keyboard) or dragged, by their chart id
// ("uid/person", chart-edits.ts), and the moves that take them to a table.
import type { SeatMove } from '@gatherly/domain/seating';

export function movesTo(personIds: Iterable<string>, tableId: string | null): SeatMove[] {
  return [...personIds].map((id) => {
    const at = id.lastIndexOf('/');
    return { userId: id.slice(0, at), person: id.slice(at + 1), tableId };
  });
}

/** "1 person" / "3 people". */
export const peopleText = (n: number) => (n === 1 ? '1 person' : `${n} people`);

/** The drag's payload type: the dragged people's ids, one per line. */
export const DRAG_TYPE = 'text/plain';
