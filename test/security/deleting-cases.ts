import { EVENT, IMAGE_BYTES, SCHEDULE_ITEM, UID, type Role } from './fixtures.ts';
import {
  ownOf,
  single,
  upload,
  type Actor,
  type Operation,
  type Owner,
  type RulesCase,
  type Service,
} from './cases.ts';
import { newScheduleItem } from './firestore-matrix.ts';

/**
 * An event being deleted (DELETE /api/events/{id} has marked it `deleting`): every write its
 * members could otherwise make is denied, so the cascade that follows misses nothing
 * (docs/data-model.md, "Deleting an event"). The same writes are allowed on an open event in
 * the matrix; here each is tried by a role that may make it. (Deletes, featuring and RSVPs are
 * functions only; the functions refuse them once the event is `deleting`.)
 */
const E = `events/${EVENT}`;

const markDeleting = async (owner: Owner): Promise<void> => {
  await owner.db.doc(E).update({ deleting: true });
};

function whileDeleting(
  service: Service,
  operation: Operation,
  role: Role,
  what: string,
  attempt: (a: Actor) => Promise<unknown>,
): RulesCase {
  return {
    ...single(
      service,
      operation,
      role,
      'deny',
      `${what} while the event is being deleted`,
      attempt,
    ),
    prepare: markDeleting,
    dirties: ['firestore'],
  };
}

const colours = {
  primary: '#112233',
  secondary: '#445566',
  tertiary: '#778899',
  background: '#aabbcc',
  surface: '#ddeeff',
};

export const deletingCases: RulesCase[] = [
  whileDeleting('firestore', 'update', 'admin', 'admin renames the event', (a) =>
    a.db.doc(E).update({ name: 'Renamed' }),
  ),
  whileDeleting('firestore', 'update', 'creator', 'creator changes the theme colours', (a) =>
    a.db.doc(E).update({ themeColors: colours }),
  ),
  whileDeleting('firestore', 'create', 'admin', 'admin adds a schedule item', (a) =>
    a.db.doc(`${E}/schedule/late-item`).set(newScheduleItem('late-item', UID.admin)),
  ),
  whileDeleting('firestore', 'update', 'admin', 'admin edits a schedule item', (a) =>
    a.db.doc(`${E}/schedule/${SCHEDULE_ITEM}`).update({ title: 'Moved' }),
  ),
  whileDeleting('firestore', 'update', 'attendee', 'uploader edits a caption', (a) =>
    a.db.doc(`${E}/photos/photo-${ownOf(a)}`).update({ caption: 'late' }),
  ),
  whileDeleting('firestore', 'update', 'attendee', 'owner edits a flight', (a) =>
    a.db.doc(`${E}/flights/flight-${ownOf(a)}`).update({ airline: 'Late Air' }),
  ),
  whileDeleting('firestore', 'update', 'attendee', 'driver edits a carpool', (a) =>
    a.db.doc(`${E}/carpools/carpool-${ownOf(a)}`).update({ toLocation: 'Late Lodge' }),
  ),
  whileDeleting('storage', 'create', 'attendee', 'member uploads a photo', (a) =>
    upload(a.storage, `uploads/${EVENT}/photos/${ownOf(a)}/late.jpg`, IMAGE_BYTES, 'image/jpeg'),
  ),
  whileDeleting('storage', 'create', 'attendee', 'member uploads a thumbnail', (a) =>
    upload(a.storage, `uploads/${EVENT}/thumbs/${ownOf(a)}/late.jpg`, IMAGE_BYTES, 'image/jpeg'),
  ),
  whileDeleting('storage', 'create', 'admin', 'admin uploads a banner', (a) =>
    upload(a.storage, `${E}/banner/late.jpg`, IMAGE_BYTES, 'image/jpeg'),
  ),
];
