// The photo wall (docs/product.md, "Photo wall"): a wall link grants read of the wall's photos
// through a function and nothing through the rules. Wall links are function-only (the matrix's
// serverOnly('wallLinks')); here: nobody writes a photo's wall standing or the wall settings
// directly, and a member still reads photos (hidden ones too: the gallery is unchanged).
import { EVENT, UID, type Role } from './fixtures.ts';
import { single, type Actor, type RulesCase } from './cases.ts';

const E = `events/${EVENT}`;
const allow = (role: Role, what: string, attempt: (a: Actor) => Promise<unknown>): RulesCase =>
  single('firestore', 'update', role, 'allow', what, attempt);
const deny = (role: Role, what: string, attempt: (a: Actor) => Promise<unknown>): RulesCase =>
  single('firestore', 'update', role, 'deny', what, attempt);
const photoOf = (uid: string) => `${E}/photos/photo-${uid}`;

export const wallCases: RulesCase[] = [
  deny('attendee', 'uploader approves own photo onto the wall', (a) =>
    a.db.doc(photoOf(UID.attendee)).update({ wallState: 'shown' }),
  ),
  deny('admin', 'admin hides a photo directly (only PUT .../wall)', (a) =>
    a.db.doc(photoOf(UID.attendee)).update({ wallState: 'hidden' }),
  ),
  deny('attendee', 'uploader moves wallAt to jump the wall queue', (a) =>
    a.db.doc(photoOf(UID.attendee)).update({ wallAt: new Date() }),
  ),
  deny('admin', 'admin writes wall settings directly', (a) =>
    a.db.doc(E).update({ wallSettings: { paceSeconds: 5, approveFirst: false } }),
  ),
  deny('creator', 'creator writes wall settings directly', (a) =>
    a.db.doc(E).update({ wallSettings: { paceSeconds: 5, approveFirst: true } }),
  ),
  allow('attendee', 'uploader still captions (wall fields untouched)', (a) =>
    a.db.doc(photoOf(UID.attendee)).update({ caption: 'On the wall' }),
  ),
  allow('admin', 'admin still changes a settings field', (a) =>
    a.db.doc(E).update({ location: 'Garden' }),
  ),
];
