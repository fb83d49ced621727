import {
  ADMIN_ROLES,
  EVENT,
  IMAGE_BYTES,
  MEMBER_ROLES,
  NOBODY,
  OTHER_EVENT,
  UID,
  type Role,
} from './fixtures.ts';
import { matrix, ownOf, single, upload, type Actor, type RulesCase } from './cases.ts';

/**
 * Storage: every folder kind (own photos/thumbs, someone else's, the banner, another event) ×
 * every role × get, list, create, update (metadata), delete, plus content-type and size attacks.
 */
const E = `events/${EVENT}`;
const U = `uploads/${EVENT}`;
const other = UID.attendee2;
const MAX_BYTES = 10485760;

const image = (a: Actor, path: string): Promise<unknown> =>
  upload(a.storage, path, IMAGE_BYTES, 'image/jpeg');
const caption = { customMetadata: { caption: 'hello' } };

/** A recorded photo's files: members read them; only functions write or delete them. */
function galleryFolder(kind: 'photos' | 'thumbs'): RulesCase[] {
  const own = (a: Actor): string => `${E}/${kind}/${ownOf(a)}`;
  const theirs = `${E}/${kind}/${other}`;
  return [
    ...matrix('storage', `${kind}/{own}`, {
      get: {
        allowed: MEMBER_ROLES,
        attempt: (a) => a.storage.ref(`${own(a)}/seed.jpg`).getMetadata(),
      },
      list: { allowed: MEMBER_ROLES, attempt: (a) => a.storage.ref(own(a)).listAll() },
      // Uploads go to uploads/ and are copied here when recorded (their bytes counted).
      create: {
        allowed: NOBODY,
        what: 'image',
        attempt: (a) => image(a, `${own(a)}/new.jpg`),
      },
      update: {
        allowed: NOBODY,
        what: 'metadata',
        attempt: (a) => a.storage.ref(`${own(a)}/seed.jpg`).updateMetadata(caption),
      },
      // Only the photo's delete (the function) removes its files.
      delete: {
        allowed: NOBODY,
        attempt: (a) => a.storage.ref(`${own(a)}/seed.jpg`).delete(),
      },
    }),
    ...matrix('storage', `${kind}/{attendee2}`, {
      get: {
        allowed: MEMBER_ROLES,
        attempt: (a) => a.storage.ref(`${theirs}/seed.jpg`).getMetadata(),
      },
      list: { allowed: MEMBER_ROLES, attempt: (a) => a.storage.ref(theirs).listAll() },
      create: {
        allowed: NOBODY,
        what: 'forged owner folder',
        attempt: (a) => image(a, `${theirs}/forged.jpg`),
      },
      update: {
        allowed: NOBODY,
        what: 'metadata',
        attempt: (a) => a.storage.ref(`${theirs}/seed.jpg`).updateMetadata(caption),
      },
      delete: {
        allowed: NOBODY,
        attempt: (a) => a.storage.ref(`${theirs}/seed.jpg`).delete(),
      },
    }),
  ];
}

/** Files not recorded yet: the owner writes each once (or withdraws it); only functions read. */
function uploadFolder(kind: 'photos' | 'thumbs'): RulesCase[] {
  const own = (a: Actor): string => `${U}/${kind}/${ownOf(a)}`;
  const theirs = `${U}/${kind}/${other}`;
  return [
    ...matrix('storage', `uploads ${kind}/{own}`, {
      get: {
        allowed: NOBODY,
        attempt: (a) => a.storage.ref(`${own(a)}/seed.jpg`).getMetadata(),
      },
      list: { allowed: NOBODY, attempt: (a) => a.storage.ref(own(a)).listAll() },
      create: {
        allowed: MEMBER_ROLES,
        what: 'image',
        attempt: (a) => image(a, `${own(a)}/new.jpg`),
      },
      update: {
        allowed: NOBODY,
        what: 'overwrite with new bytes',
        attempt: (a) => image(a, `${own(a)}/seed.jpg`),
      },
      delete: {
        allowed: MEMBER_ROLES,
        attempt: (a) => a.storage.ref(`${own(a)}/seed.jpg`).delete(),
      },
    }),
    ...matrix('storage', `uploads ${kind}/{attendee2}`, {
      get: {
        allowed: NOBODY,
        attempt: (a) => a.storage.ref(`${theirs}/seed.jpg`).getMetadata(),
      },
      create: {
        allowed: NOBODY,
        what: 'forged owner folder',
        attempt: (a) => image(a, `${theirs}/forged.jpg`),
      },
      update: {
        allowed: NOBODY,
        what: 'metadata',
        attempt: (a) => a.storage.ref(`${theirs}/seed.jpg`).updateMetadata(caption),
      },
      delete: {
        allowed: NOBODY,
        attempt: (a) => a.storage.ref(`${theirs}/seed.jpg`).delete(),
      },
    }),
  ];
}

const banner = matrix('storage', 'banner', {
  get: {
    allowed: MEMBER_ROLES,
    attempt: (a) => a.storage.ref(`${E}/banner/seed.jpg`).getMetadata(),
  },
  list: { allowed: MEMBER_ROLES, attempt: (a) => a.storage.ref(`${E}/banner`).listAll() },
  create: { allowed: ADMIN_ROLES, what: 'image', attempt: (a) => image(a, `${E}/banner/new.jpg`) },
  update: {
    allowed: ADMIN_ROLES,
    what: 'metadata',
    attempt: (a) => a.storage.ref(`${E}/banner/seed.jpg`).updateMetadata(caption),
  },
  delete: { allowed: ADMIN_ROLES, attempt: (a) => a.storage.ref(`${E}/banner/seed.jpg`).delete() },
});

const eventFolder = matrix('storage', 'event folder', {
  list: {
    allowed: MEMBER_ROLES,
    what: 'events/{event}/',
    attempt: (a) => a.storage.ref(E).list({ maxResults: 10 }),
  },
});

const O = `events/${OTHER_EVENT}`;
const otherEvent = matrix('storage', 'other event (guessed id)', {
  get: {
    allowed: NOBODY,
    attempt: (a) => a.storage.ref(`${O}/photos/${UID.stranger}/seed.jpg`).getMetadata(),
  },
  list: { allowed: NOBODY, attempt: (a) => a.storage.ref(`${O}/photos/${UID.stranger}`).listAll() },
  create: {
    allowed: NOBODY,
    what: 'into own folder there',
    attempt: (a) => image(a, `${O}/photos/${ownOf(a)}/x.jpg`),
  },
  update: {
    allowed: NOBODY,
    what: 'banner upload',
    attempt: (a) => image(a, `${O}/banner/seed.jpg`),
  },
  delete: {
    allowed: NOBODY,
    attempt: (a) => a.storage.ref(`${O}/photos/${UID.stranger}/seed.jpg`).delete(),
  },
});

const outside = matrix('storage', 'outside events/', {
  get: { allowed: NOBODY, attempt: (a) => a.storage.ref('public/logo.png').getMetadata() },
  list: {
    allowed: NOBODY,
    what: 'bucket root',
    attempt: (a) => a.storage.ref().list({ maxResults: 10 }),
  },
  create: { allowed: NOBODY, attempt: (a) => image(a, `users/${ownOf(a)}/avatar.jpg`) },
});

const attack = (
  role: Role,
  expect: 'allow' | 'deny',
  what: string,
  attempt: (a: Actor) => Promise<unknown>,
): RulesCase => single('storage', 'create', role, expect, what, attempt);
const ownPhotoPath = (a: Actor, name: string): string => `${U}/photos/${ownOf(a)}/${name}`;

const attacks: RulesCase[] = [
  attack('attendee', 'deny', 'text/plain into own photo folder', (a) =>
    upload(
      a.storage,
      ownPhotoPath(a, 'notes.txt'),
      new TextEncoder().encode('hello'),
      'text/plain',
    ),
  ),
  attack('attendee', 'deny', 'HTML page disguised with a .jpg name', (a) =>
    upload(
      a.storage,
      ownPhotoPath(a, 'page.jpg'),
      new TextEncoder().encode('<script>'),
      'text/html',
    ),
  ),
  attack('attendee', 'deny', 'application/octet-stream', (a) =>
    upload(a.storage, ownPhotoPath(a, 'blob.jpg'), IMAGE_BYTES, 'application/octet-stream'),
  ),
  attack('attendee', 'deny', 'video into own photo folder', (a) =>
    upload(a.storage, ownPhotoPath(a, 'clip.mp4'), IMAGE_BYTES, 'video/mp4'),
  ),
  attack('attendee', 'deny', 'image of 10485761 bytes', (a) =>
    upload(a.storage, ownPhotoPath(a, 'huge.jpg'), new Uint8Array(MAX_BYTES + 1), 'image/jpeg'),
  ),
  attack('attendee', 'allow', 'image of exactly 10485760 bytes', (a) =>
    upload(a.storage, ownPhotoPath(a, 'max.jpg'), new Uint8Array(MAX_BYTES), 'image/jpeg'),
  ),
  attack('attendee', 'allow', 'image/png', (a) =>
    upload(a.storage, ownPhotoPath(a, 'a.png'), IMAGE_BYTES, 'image/png'),
  ),
  attack('attendee', 'allow', 'image/webp thumbnail', (a) =>
    upload(a.storage, `${U}/thumbs/${UID.attendee}/a.webp`, IMAGE_BYTES, 'image/webp'),
  ),
  attack('admin', 'deny', 'banner of 10485761 bytes', (a) =>
    upload(a.storage, `${E}/banner/huge.jpg`, new Uint8Array(MAX_BYTES + 1), 'image/jpeg'),
  ),
  attack('creator', 'deny', 'banner that is a PDF', (a) =>
    upload(a.storage, `${E}/banner/doc.pdf`, IMAGE_BYTES, 'application/pdf'),
  ),
  attack('admin', 'deny', "admin uploads into an attendee's folder", (a) =>
    image(a, `${U}/photos/${other}/by-admin.jpg`),
  ),
  attack('attendee', 'deny', 'upload into another folder kind', (a) =>
    image(a, `${U}/banner/${UID.attendee}/x.jpg`),
  ),
  attack('outsider', 'deny', 'non-member uploads into an event it guessed', (a) =>
    image(a, `uploads/${OTHER_EVENT}/photos/${ownOf(a)}/x.jpg`),
  ),
  attack('attendee', 'deny', 'attendee uploads a banner', (a) => image(a, `${E}/banner/mine.jpg`)),
  attack('attendee', 'deny', 'attendee overwrites the banner', (a) =>
    image(a, `${E}/banner/seed.jpg`),
  ),
  attack('attendee', 'deny', 'overwrites own photo file with new bytes', (a) =>
    image(a, `${E}/photos/${UID.attendee}/seed.jpg`),
  ),
  attack('attendee', 'deny', 'overwrites own thumbnail with new bytes', (a) =>
    image(a, `${E}/thumbs/${UID.attendee}/seed.jpg`),
  ),
  attack('attendee', 'deny', "overwrites someone else's photo", (a) =>
    image(a, `${E}/photos/${other}/seed.jpg`),
  ),
  attack('outsider', 'deny', 'former member uploads into their old folder', (a) =>
    image(a, `${U}/photos/${UID.outsider}/again.jpg`),
  ),
  attack('attendee', 'deny', 'nested path inside own folder escapes the pattern', (a) =>
    image(a, `${U}/photos/${UID.attendee}/sub/dir.jpg`),
  ),
  single('storage', 'update', 'attendee', 'deny', 'own photo metadata changed to text/html', (a) =>
    a.storage
      .ref(`${E}/photos/${UID.attendee}/seed.jpg`)
      .updateMetadata({ contentType: 'text/html' }),
  ),
  single(
    'storage',
    'delete',
    'attendee',
    'deny',
    "attendee deletes someone else's thumbnail",
    (a) => a.storage.ref(`${E}/thumbs/${other}/seed.jpg`).delete(),
  ),
  single('storage', 'delete', 'attendee', 'deny', 'attendee deletes the banner', (a) =>
    a.storage.ref(`${E}/banner/seed.jpg`).delete(),
  ),
  single('storage', 'get', 'signedOut', 'deny', 'visitor downloads a photo', (a) =>
    a.storage.ref(`${E}/photos/${other}/seed.jpg`).getDownloadURL(),
  ),
];

export const storageCases: RulesCase[] = [
  ...galleryFolder('photos'),
  ...galleryFolder('thumbs'),
  ...uploadFolder('photos'),
  ...uploadFolder('thumbs'),
  ...banner,
  ...eventFolder,
  ...otherEvent,
  ...outside,
  ...attacks,
];
