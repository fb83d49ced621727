import { groupLimit } from '@gatherly/domain/groups';
import { randomUUID } from 'node:crypto';
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import type { MemberRole } from '@gatherly/domain/entities/members';
import type { DataAccess } from '../src/db.ts';
import { bucket } from '../src/firebase.ts';
import { readMemberStats, writeMemberStats } from '../src/services/stats.ts';
import { newUser, type Stack, type TestUser } from './harness.ts';

export const ISO = (days: number) =>
  new Date(Date.UTC(2027, 5, 1) + days * 86_400_000).toISOString();

export async function login(stack: Stack, user: TestUser): Promise<void> {
  const res = await stack.call('POST', '/api/auth/login', { as: user });
  if (res.status !== 200) throw new Error(`login ${res.status} ${JSON.stringify(res.body)}`);
}

export async function createEvent(
  stack: Stack,
  user: TestUser,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await stack.call<{ event: { id: string } }>('POST', '/api/events', {
    as: user,
    body: {
      name: 'Summer Wedding',
      description: 'd',
      location: 'Lisbon',
      startDate: ISO(10),
      endDate: ISO(12),
      ...body,
    },
  });
  if (res.status !== 201) throw new Error(`create event ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.event.id;
}

/**
 * A member written straight to Firestore (admin), for tests that need many people fast; the
 * event's member counters move with it, in one transaction, as the functions keep them.
 */
export async function seedMember(
  store: DataAccess,
  eventId: string,
  user: TestUser,
  role: MemberRole = 'attendee',
) {
  await store.firestore.runTransaction(async (tx) => {
    const ref = store.member(eventId, user.uid);
    const previous = (await tx.get(ref)).data();
    const stats = await readMemberStats(tx, eventId);
    tx.set(ref, {
      id: user.uid,
      eventId,
      userId: user.uid,
      role,
      joinedAt: Timestamp.now(),
      user: { displayName: user.name, email: user.email, photoURL: '' },
    });
    writeMemberStats(tx, eventId, stats, { add: role, remove: previous?.role });
  });
}

/**
 * Puts signed-in users on a tier with `apiAccessEnabled` (Enterprise), as API clients are:
 * the routes the web app does not use are the public API only (docs/api.md, "Access").
 */
export async function grantApiAccess(stack: Stack, ...users: TestUser[]): Promise<void> {
  for (const user of users) {
    await login(stack, user);
    await stack.store.user(user.uid).update({ subscriptionTier: 'enterprise' });
  }
}

/** An event with a creator, an admin and an attendee, all through the API. */
export async function eventWithRoles(stack: Stack) {
  const creator = newUser('creator');
  const admin = newUser('admin');
  const attendee = newUser('attendee');
  const outsider = newUser('outsider');
  for (const u of [creator, admin, attendee, outsider]) await login(stack, u);
  const eventId = await createEvent(stack, creator);
  await invite(stack, eventId, creator, admin, 'admin', true);
  await invite(stack, eventId, creator, attendee, 'attendee', true);
  return { eventId, creator, admin, attendee, outsider };
}

export async function invite(
  stack: Stack,
  eventId: string,
  by: TestUser,
  who: TestUser,
  role: 'admin' | 'attendee',
  accept: boolean,
): Promise<string> {
  const res = await stack.call<{ inviteUrl: string }>('POST', `/api/events/${eventId}/members`, {
    as: by,
    body: { userEmail: who.email, role },
  });
  if (res.status !== 201) throw new Error(`invite ${res.status} ${JSON.stringify(res.body)}`);
  const token = res.body.inviteUrl.split('/invite/')[1] as string;
  if (accept) {
    const acc = await stack.call('POST', `/api/invitations/${token}/accept`, { as: who });
    if (acc.status !== 200) throw new Error(`accept ${acc.status} ${JSON.stringify(acc.body)}`);
  }
  return token;
}

export async function putObject(
  path: string,
  bytes = 1024,
  contentType = 'image/jpeg',
): Promise<void> {
  // With a download token, as every upload through Firebase has.
  await bucket()
    .file(path)
    .save(Buffer.alloc(bytes, 7), {
      contentType,
      resumable: false,
      metadata: { metadata: { firebaseStorageDownloadTokens: randomUUID() } },
    });
}

export async function seedSchedule(
  store: DataAccess,
  eventId: string,
  title = 'Ceremony',
): Promise<string> {
  const ref = store.schedule(eventId).doc();
  await ref.set({
    id: ref.id,
    eventId,
    title,
    description: '',
    startTime: ISO(10),
    endTime: null,
    location: 'Chapel',
    createdBy: 'seed',
    createdAt: Timestamp.now(),
    ...groupLimit([]),
  });
  return ref.id;
}

/** Every document in the database (path → data), walking collections including missing parents. */
export async function dumpDatabase(db: Firestore): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (refs: DocumentReference[]) => {
    const snaps = refs.length ? await db.getAll(...refs) : [];
    for (const snap of snaps) if (snap.exists) out.set(snap.ref.path, JSON.stringify(snap.data()));
    for (const ref of refs) {
      for (const col of await ref.listCollections()) await walk(await col.listDocuments());
    }
  };
  for (const col of await db.listCollections()) await walk(await col.listDocuments());
  return out;
}

export async function listFiles(prefix = ''): Promise<string[]> {
  const [files] = await bucket().getFiles({ prefix });
  return files.map((f) => f.name).sort();
}
