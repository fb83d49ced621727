/**
 * "Delete my account" and "Download my data" (docs/api.md, "Your data") against the emulators
 * and the real Auth emulator: what the profile shows beforehand, the whole deletion of a member
 * who created events, uploaded photos, voted, answered, drives and rides in carpools — nothing of
 * theirs left, every counter of the events that remain exact, everyone else's data intact — a
 * run that fails part-way and is resumed, who may do what, and the export's zip.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { fromBuffer, type Entry } from 'yauzl';
import {
  ACCOUNT_DELETION_MESSAGES,
  ACCOUNT_DELETION_STEPS,
  FORMER_MEMBER,
  type AccountDeletionPreview,
} from '@gatherly/domain/account-deletion';
import { DATA_EXPORT_JSON, type DataExportFile } from '@gatherly/domain/data-export';
import { foldRsvpCounts } from '../src/services/rsvp-count.ts';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import { createEvent, invite, listFiles, login, putObject, seedSchedule } from './fixtures.ts';
import { bucket } from '../src/firebase.ts';
import { readPhotoCounts } from '../src/services/photo-count.ts';
import { foldVoteCount } from '../src/services/votes.ts';

let stack: Stack;
beforeAll(async () => {
  process.env.EMAIL_LINK_SECRET ??= 'account-deletion-test-secret-0123456789';
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

async function addPhoto(eventId: string, who: TestUser, name: string, bytes = 2048) {
  const path = `uploads/${eventId}/photos/${who.uid}/${name}`;
  const thumb = `uploads/${eventId}/thumbs/${who.uid}/${name}`;
  await putObject(path, bytes);
  await putObject(thumb, 10);
  const res = await stack.call<{ photo: { id: string } }>('POST', `/api/events/${eventId}/photos`, {
    as: who,
    body: { filename: name, objectPath: path, thumbPath: thumb, caption: `by ${who.name}` },
  });
  expect(res.status).toBe(201);
  return res.body.photo.id;
}

async function ok(method: string, path: string, as: TestUser, body?: unknown) {
  const res = await stack.call<Body>(method, path, { as, body });
  if (res.status >= 300)
    throw new Error(`${method} ${path} ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const count = async (query: FirebaseFirestore.Query) => (await query.count().get()).data().count;

/**
 * Every counter of an event equals what it counts: members by role, photos and featured, travel,
 * each photo's votes, each carpool's seats and riders, each schedule item's replies and heads.
 */
async function expectCountersExact(eventId: string): Promise<void> {
  const s = stack.store;
  const members = (await s.members(eventId).get()).docs.map((d) => d.data());
  const byRole = (role: string) => members.filter((m) => m.role === role).length;
  const memberStats = (await s.stats.members(eventId).get()).data();
  expect(memberStats, 'member stats').toMatchObject({
    total: members.length,
    creator: byRole('creator'),
    admin: byRole('admin'),
    attendee: byRole('attendee'),
  });
  // What the vote trigger does after the last vote (this harness runs no triggers).
  for (const { id } of (await s.photos(eventId).get()).docs) {
    await foldVoteCount(eventId, id);
  }
  const photos = (await s.photos(eventId).get()).docs.map((d) => d.data());
  expect(await readPhotoCounts(eventId), 'photo stats and their shards').toMatchObject({
    total: photos.length,
    featured: photos.filter((p) => p.isFeatured).length,
  });
  for (const photo of photos) {
    expect(photo.votes, `votes of ${photo.id}`).toBe(await count(s.votes(eventId, photo.id)));
  }
  const carpools = (await s.carpools(eventId).get()).docs.map((d) => d.data());
  expect((await s.stats.travel(eventId).get()).data(), 'travel stats').toMatchObject({
    flights: await count(s.flights(eventId)),
    carpools: carpools.length,
  });
  for (const carpool of carpools) {
    const riders = await count(s.passengers(eventId, carpool.id));
    expect(carpool.currentSeats, `seats of ${carpool.id}`).toBe(1 + carpool.passengerIds.length);
    expect(riders, `riders of ${carpool.id}`).toBe(carpool.passengerIds.length);
  }
  // The trigger's fold after the last answer (services/rsvp-count.ts).
  for (const item of (await s.schedule(eventId).get()).docs) await foldRsvpCounts(eventId, item.id);
  for (const item of (await s.schedule(eventId).get()).docs.map((d) => d.data())) {
    const rsvps = (await s.rsvps(eventId, item.id).get()).docs.map((d) => d.data());
    const of = (status: string) => rsvps.filter((r) => r.status === status);
    const heads = (status: string) => of(status).reduce((n, r) => n + (r.party?.size ?? 1), 0);
    expect(
      item.rsvpCounts ?? { going: 0, maybe: 0, notGoing: 0 },
      `counts of ${item.title}`,
    ).toMatchObject({
      going: of('going').length,
      maybe: of('maybe').length,
      notGoing: of('not_going').length,
      ...(item.rsvpCounts?.goingHeads === undefined
        ? {}
        : {
            goingHeads: heads('going'),
            waitlisted: of('waitlisted').length,
            waitlistedHeads: heads('waitlisted'),
          }),
    });
  }
}

/** Nothing stored about `who` anywhere: the same kinds the deletion looks for, checked here. */
async function expectNothingOf(who: TestUser, eventIds: string[]): Promise<void> {
  const db = stack.db;
  const byField: [string, string, string][] = [
    ['members', 'userId', '=='],
    ['photos', 'uploadedBy', '=='],
    ['votes', 'userId', '=='],
    ['flights', 'userId', '=='],
    ['carpools', 'driverId', '=='],
    ['carpools', 'passengerIds', 'array-contains'],
    ['passengers', 'userId', '=='],
    ['rsvps', 'userId', '=='],
    ['rsvpsByUser', 'userId', '=='],
    ['guestAnswers', 'userId', '=='],
    ['photoArchives', 'createdBy', '=='],
  ];
  for (const [group, field, op] of byField) {
    const left = await count(
      db.collectionGroup(group).where(field, op as FirebaseFirestore.WhereFilterOp, who.uid),
    );
    expect(left, `${group}.${field}`).toBe(0);
  }
  expect(await count(db.collection('events').where('createdBy', '==', who.uid))).toBe(0);
  expect(await count(db.collection('invitationLog').where('invitedByUserId', '==', who.uid))).toBe(
    0,
  );
  expect(await count(db.collection('mail').where('to', '==', who.email))).toBe(0);
  expect(await count(db.collection('dataExports').where('userId', '==', who.uid))).toBe(0);
  const sent = await db
    .collectionGroup('invitations')
    .where('invitedByUserId', '==', who.uid)
    .get();
  expect(sent.docs.filter((d) => d.get('status') === 'pending')).toEqual([]);
  const received = await db.collectionGroup('invitations').where('email', '==', who.email).get();
  expect(received.docs.filter((d) => d.get('status') === 'accepted')).toEqual([]);
  const signed = await db.collectionGroup('announcements').where('authorId', '==', who.uid).get();
  for (const doc of signed.docs) expect(doc.get('author')).toEqual(FORMER_MEMBER);
  const named = await db.collectionGroup('roleChanges').get();
  for (const doc of named.docs) {
    if (doc.get('changedUserId') === who.uid)
      expect(doc.get('changedUser.displayName')).toBe(FORMER_MEMBER.displayName);
    if (doc.get('changedByUserId') === who.uid)
      expect(doc.get('changedBy.displayName')).toBe(FORMER_MEMBER.displayName);
  }
  for (const eventId of eventIds) {
    for (const root of ['events', 'uploads']) {
      expect(await listFiles(`${root}/${eventId}/photos/${who.uid}/`)).toEqual([]);
      expect(await listFiles(`${root}/${eventId}/thumbs/${who.uid}/`)).toEqual([]);
    }
    // No feed line names them (their own lines went; lines that stay say "Former member").
    const feed = (await stack.store.activity(eventId).get()).docs.map((d) => d.data());
    for (const line of feed) {
      expect(`${line.actor?.displayName ?? ''} ${line.title}`, line.id).not.toContain(who.name);
    }
  }
  expect((await stack.store.user(who.uid).get()).exists).toBe(false);
  const { auth } = await import('../src/firebase.ts');
  await expect(auth().getUser(who.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
}

/**
 * The journey's person: `leaver` created `own` (an admin to hand it to) and `solo` (no admin),
 * and is an attendee of `party`, hosted by `host`, where they uploaded two photos (one featured,
 * one voted on by the host), voted on the host's photo, hold the only spot of a full item while
 * `waiting` is on its waitlist, answered the host's question, added a flight, drive a carpool
 * `rider` rides in and ride in the host's. They also sent an announcement and an invitation
 * nobody accepted, and left a file they never recorded.
 */
async function leaverWithEverything() {
  const leaver = newUser('leaver');
  const host = newUser('host');
  const deputy = newUser('deputy');
  const rider = newUser('rider');
  const waiting = newUser('waiting');
  for (const u of [leaver, host, deputy, rider, waiting]) await login(stack, u);
  const own = await createEvent(stack, leaver, { name: 'Leaver party' });
  await invite(stack, own, leaver, deputy, 'admin', true);
  await invite(stack, own, leaver, rider, 'attendee', true);
  await ok('POST', `/api/events/${own}/announcements`, leaver, { message: 'See you soon!' });
  await ok('POST', `/api/events/${own}/members`, leaver, { userEmail: 'someone@example.com' });
  const ownItem = await seedSchedule(stack.store, own, 'Toast');
  await ok('PUT', `/api/events/${own}/schedule/${ownItem}/rsvps/${rider.uid}`, leaver, {
    status: 'maybe',
  });
  const solo = await createEvent(stack, leaver, { name: 'Solo trip' });
  await invite(stack, solo, leaver, rider, 'attendee', true);
  await addPhoto(solo, leaver, 'solo.jpg');

  const party = await createEvent(stack, host, { name: 'Host party' });
  for (const u of [leaver, rider, waiting]) await invite(stack, party, host, u, 'attendee', true);
  await invite(stack, party, host, deputy, 'admin', true);
  const mine = await addPhoto(party, leaver, 'mine-1.jpg');
  await addPhoto(party, leaver, 'mine-2.jpg');
  const hosts = await addPhoto(party, host, 'host.jpg', 4096);
  await ok('PUT', `/api/events/${party}/photos/${mine}/featured`, host, { isFeatured: true });
  await ok('POST', `/api/events/${party}/photos/${mine}/vote`, host);
  await ok('POST', `/api/events/${party}/photos/${hosts}/vote`, leaver);
  await ok('POST', `/api/events/${party}/photos/${hosts}/vote`, rider);
  // The vote trigger's fold, as production runs it after each vote (a vote request folds only a
  // photo whose last fold is 1.2 s old).
  for (const photoId of [mine, hosts]) await foldVoteCount(party, photoId);
  await putObject(`uploads/${party}/photos/${leaver.uid}/never-recorded.jpg`);

  const item = await seedSchedule(stack.store, party, 'Dinner');
  await stack.store.schedule(party).doc(item).update({ capacity: 1 });
  await stack.store.event(party).update({
    questions: [{ id: 'diet', label: 'Dietary needs', kind: 'text', options: [], required: false }],
  });
  await ok('PUT', `/api/events/${party}/schedule/${item}/rsvp`, leaver, {
    status: 'going',
    answers: { diet: 'vegan' },
  });
  await ok('PUT', `/api/events/${party}/schedule/${item}/rsvp`, waiting, {
    status: 'going',
    waitlist: true,
  });
  await ok('PUT', `/api/events/${party}/schedule/${item}/rsvp`, rider, { status: 'maybe' });
  // The host seats them at the dinner (services/seating.ts).
  const seating = `/api/events/${party}/schedule/${item}/seating`;
  const made = (await ok('POST', `${seating}/tables`, host, {
    count: 1,
    seats: 4,
    shape: 'round',
  })) as { tables: Array<{ id: string }> };
  const table = made.tables[0]!.id;
  await ok('POST', `${seating}/moves`, host, {
    moves: [{ userId: leaver.uid, person: 'self', tableId: table }],
  });

  await ok('POST', `/api/events/${party}/flights`, leaver, {
    airline: 'TAP',
    flightNumber: 'TP1',
    departure: 'JFK',
    arrival: 'LIS',
    departureTime: '2027-06-09T20:00:00.000Z',
    arrivalTime: '2027-06-10T08:00:00.000Z',
  });
  const driven = (await ok('POST', `/api/events/${party}/carpools`, leaver, {
    fromLocation: 'Airport',
    toLocation: 'Venue',
    departureTime: '2027-06-10T10:00:00.000Z',
    maxSeats: 4,
  })) as { carpool: { id: string } };
  await ok('POST', `/api/events/${party}/carpools/${driven.carpool.id}/join`, rider);
  const hostsCar = (await ok('POST', `/api/events/${party}/carpools`, host, {
    fromLocation: 'Hotel',
    toLocation: 'Venue',
    departureTime: '2027-06-10T11:00:00.000Z',
    maxSeats: 3,
  })) as { carpool: { id: string } };
  await ok('POST', `/api/events/${party}/carpools/${hostsCar.carpool.id}/join`, leaver);
  await ok('POST', `/api/events/${party}/carpools/${hostsCar.carpool.id}/join`, rider);
  return {
    leaver,
    host,
    deputy,
    rider,
    waiting,
    own,
    solo,
    party,
    item,
    table,
    hosts,
    hostsCar: hostsCar.carpool.id,
  };
}

describe('delete my account: what happens, said beforehand', () => {
  it('lists the events they created with who could take each over, and how much of each kind they have', async () => {
    const w = await leaverWithEverything();
    const res = await stack.call<AccountDeletionPreview>('GET', '/api/user/account-deletion', {
      as: w.leaver,
    });
    expect(res.status).toBe(200);
    const byName = new Map(res.body.createdEvents.map((e) => [e.name, e]));
    expect(byName.get('Leaver party')?.admins).toEqual([
      { userId: w.deputy.uid, displayName: w.deputy.name, email: w.deputy.email },
    ]);
    expect(byName.get('Solo trip')?.admins).toEqual([]);
    expect(res.body.counts).toEqual({
      memberships: 1,
      photos: 3,
      photoBytes: 3 * 2048,
      votes: 1,
      rsvps: 1,
      answers: 1,
      flights: 1,
      carpoolsDriven: 1,
      carpoolSeats: 1,
      pendingInvitationsSent: 1,
      announcements: 1,
    });
    expect(res.body.pending).toBeNull();
  });
});

describe('delete my account', () => {
  it('deletes everything of theirs, hands over or deletes their events, and keeps every counter exact', async () => {
    const w = await leaverWithEverything();
    const hostPhotoBefore = await listFiles(`events/${w.party}/photos/${w.host.uid}/`);
    const res = await stack.call<Body>('POST', '/api/user/account-deletion', {
      as: w.leaver,
      body: {
        events: [
          { eventId: w.own, action: 'transfer', toUserId: w.deputy.uid },
          { eventId: w.solo, action: 'delete' },
        ],
      },
    });
    expect(res).toMatchObject({ status: 200, body: { deleted: true } });

    await expectNothingOf(w.leaver, [w.own, w.solo, w.party]);
    // The event they chose to delete is gone whole, like any deleted event.
    expect((await stack.store.event(w.solo).get()).exists).toBe(false);
    expect(await listFiles(`events/${w.solo}/`)).toEqual([]);
    // The event they handed over is the deputy's now, audited.
    const own = (await stack.store.event(w.own).get()).data();
    expect(own).toMatchObject({ createdBy: w.deputy.uid, adminId: w.deputy.uid });
    expect((await stack.store.member(w.own, w.deputy.uid).get()).data()?.role).toBe('creator');
    const audit = (await stack.store.roleChanges(w.own).get()).docs.map((d) => d.data());
    expect(audit).toContainEqual(
      expect.objectContaining({
        changedUserId: w.deputy.uid,
        oldRole: 'admin',
        newRole: 'creator',
      }),
    );
    // Their announcement stays, signed "Former member".
    const announcements = (await stack.store.announcements(w.own).get()).docs.map((d) => d.data());
    expect(announcements).toEqual([
      expect.objectContaining({ message: 'See you soon!', author: FORMER_MEMBER }),
    ]);

    // The waiting guest got the spot they held; the host's carpool has one seat more free.
    expect((await stack.store.rsvps(w.party, w.item).doc(w.waiting.uid).get()).data()?.status).toBe(
      'going',
    );
    const hostsCar = (await stack.store.carpools(w.party).doc(w.hostsCar).get()).data();
    expect(hostsCar).toMatchObject({ currentSeats: 2, passengerIds: [w.rider.uid] });
    // The seating chart keeps the table and no trace of them (a removed member would stay,
    // flagged: a deleted account leaves no name).
    const table = (await stack.store.seatingTables(w.party, w.item).doc(w.table).get()).data();
    expect(table).toMatchObject({ people: [], memberIds: [] });
    const placement = stack.store.seatingPlacements(w.party, w.item).doc(w.leaver.uid);
    expect((await placement.get()).exists).toBe(false);
    // Everyone else's photos, votes and files are there.
    expect(await listFiles(`events/${w.party}/photos/${w.host.uid}/`)).toEqual(hostPhotoBefore);
    const hostsPhoto = (await stack.store.photos(w.party).doc(w.hosts).get()).data();
    expect(hostsPhoto?.votes).toBe(1);
    for (const eventId of [w.own, w.party]) await expectCountersExact(eventId);
    expect((await stack.store.members(w.party).get()).docs.map((d) => d.id).sort()).toEqual(
      [w.host.uid, w.rider.uid, w.waiting.uid, w.deputy.uid].sort(),
    );

    // The job keeps that the account was deleted, and nothing else about the person.
    const job = (await stack.store.accountDeletion(w.leaver.uid).get()).data();
    expect(job).toMatchObject({ status: 'done', email: null, choices: [], eventIds: [] });
    expect(job?.steps).toEqual([...ACCOUNT_DELETION_STEPS]);
    // Their sign-in is gone: the old token no longer writes.
    const after = await stack.call<Body>('POST', '/api/events', {
      as: w.leaver,
      body: { name: 'Back again' },
    });
    expect(after.status).toBe(401);
  });

  it('resumes after a failure part-way: nothing is lost, nothing left, the counters exact', async () => {
    const w = await leaverWithEverything();
    const { newCaller } = await import('../src/caller.ts');
    const { deleteAccount } = await import('../src/services/account-deletion.ts');
    const caller = newCaller(
      {
        uid: w.leaver.uid,
        email: w.leaver.email,
        displayName: w.leaver.name,
        photoURL: '',
        token: { uid: w.leaver.uid } as DecodedIdToken,
      },
      'app',
    );
    const links = () => ({ origin: 'http://app.test', linkSecret: process.env.EMAIL_LINK_SECRET! });
    const choices = [
      { eventId: w.own, action: 'transfer' as const, toUserId: w.deputy.uid },
      { eventId: w.solo, action: 'delete' as const },
    ];
    // The run dies right after their photos went (as a crashed function would).
    await expect(
      deleteAccount(caller, choices, links, (step) => {
        if (step === 'photos') throw new Error('the function instance was stopped');
      }),
    ).rejects.toMatchObject({ status: 503, message: ACCOUNT_DELETION_MESSAGES.failed });
    const job = (await stack.store.accountDeletion(w.leaver.uid).get()).data();
    expect(job).toMatchObject({ status: 'running', steps: ['events', 'memberships', 'photos'] });
    expect(job?.lastError).toBe(ACCOUNT_DELETION_MESSAGES.failed);
    // Half-way the events that remain are consistent already.
    for (const eventId of [w.own, w.party]) await expectCountersExact(eventId);

    // Meanwhile: signing in writes nothing, and nothing new can be created or joined.
    expect((await stack.call('POST', '/api/auth/login', { as: w.leaver })).status).toBe(200);
    const create = await stack.call<Body>('POST', '/api/events', {
      as: w.leaver,
      body: { name: 'Sneaky' },
    });
    expect(create).toMatchObject({
      status: 409,
      body: { error: ACCOUNT_DELETION_MESSAGES.underWay },
    });
    const preview = await stack.call<AccountDeletionPreview>('GET', '/api/user/account-deletion', {
      as: w.leaver,
    });
    expect(preview.body.pending).toMatchObject({ lastError: ACCOUNT_DELETION_MESSAGES.failed });
    expect(preview.body.createdEvents).toEqual([]);

    // The profile's "Finish deleting" sends the stored choices again.
    const resumed = await stack.call<Body>('POST', '/api/user/account-deletion', {
      as: w.leaver,
      body: { events: preview.body.pending?.choices },
    });
    expect(resumed).toMatchObject({ status: 200, body: { deleted: true } });
    await expectNothingOf(w.leaver, [w.own, w.solo, w.party]);
    for (const eventId of [w.own, w.party]) await expectCountersExact(eventId);
    const done = (await stack.store.accountDeletion(w.leaver.uid).get()).data();
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('every run of the same deletion at once ends in the same place', async () => {
    const leaver = newUser('racer');
    const host = newUser('host');
    await login(stack, leaver);
    await login(stack, host);
    const party = await createEvent(stack, host);
    await invite(stack, party, host, leaver, 'attendee', true);
    await addPhoto(party, leaver, 'a.jpg');
    await addPhoto(party, leaver, 'b.jpg');
    const runs = await Promise.all(
      [1, 2, 3].map(() =>
        stack.call<Body>('POST', '/api/user/account-deletion', {
          as: leaver,
          body: { events: [] },
        }),
      ),
    );
    // Each finished the job or found the account already gone.
    for (const run of runs) expect([200, 401, 503]).toContain(run.status);
    expect(runs.some((r) => r.status === 200)).toBe(true);
    await expectNothingOf(leaver, [party]);
    await expectCountersExact(party);
  });
});

describe('delete my account: who may do what', () => {
  it('names no account: a body naming someone else is refused, and signed-out callers are refused', async () => {
    const victim = newUser('victim');
    const attacker = newUser('attacker');
    await login(stack, victim);
    await login(stack, attacker);
    const named = await stack.call<Body>('POST', '/api/user/account-deletion', {
      as: attacker,
      body: { events: [], userId: victim.uid },
    });
    expect(named).toMatchObject({ status: 400, body: { error: 'Unknown field: userId' } });
    expect((await stack.store.user(victim.uid).get()).exists).toBe(true);
    expect((await stack.store.user(attacker.uid).get()).exists).toBe(true);
    expect(
      (await stack.call('POST', '/api/user/account-deletion', { body: { events: [] } })).status,
    ).toBe(401);
    expect((await stack.call('GET', '/api/user/account-deletion')).status).toBe(401);
  });

  it('refuses choices that are not theirs to make, before anything is deleted', async () => {
    const creator = newUser('creator');
    const admin = newUser('admin');
    const attendee = newUser('attendee');
    const stranger = newUser('stranger');
    for (const u of [creator, admin, attendee, stranger]) await login(stack, u);
    const eventId = await createEvent(stack, creator, { name: 'Garden party' });
    await invite(stack, eventId, creator, admin, 'admin', true);
    await invite(stack, eventId, creator, attendee, 'attendee', true);
    const others = await createEvent(stack, stranger, { name: 'Not yours' });
    const attempt = (events: unknown) =>
      stack.call<Body>('POST', '/api/user/account-deletion', { as: creator, body: { events } });

    expect(await attempt([])).toMatchObject({
      status: 400,
      body: { error: ACCOUNT_DELETION_MESSAGES.chooseEvery('Garden party') },
    });
    expect(await attempt([{ eventId, action: 'transfer', toUserId: attendee.uid }])).toMatchObject({
      status: 400,
      body: { error: ACCOUNT_DELETION_MESSAGES.notAnAdmin('Garden party') },
    });
    expect(
      await attempt([
        { eventId, action: 'delete' },
        { eventId: others, action: 'delete' },
      ]),
    ).toMatchObject({ status: 400, body: { error: ACCOUNT_DELETION_MESSAGES.notYours } });
    expect(await attempt([{ eventId, action: 'transfer' }])).toMatchObject({ status: 400 });
    // An admin removed before the choice is no longer someone to hand the event to.
    await ok('DELETE', `/api/events/${eventId}/members/${admin.uid}`, creator);
    expect(await attempt([{ eventId, action: 'transfer', toUserId: admin.uid }])).toMatchObject({
      status: 400,
      body: { error: ACCOUNT_DELETION_MESSAGES.notAnAdmin('Garden party') },
    });
    // Nothing happened: no job, the events and the profile are there.
    expect((await stack.store.accountDeletion(creator.uid).get()).exists).toBe(false);
    expect((await stack.store.event(eventId).get()).exists).toBe(true);
    expect((await stack.store.event(others).get()).exists).toBe(true);
    expect((await stack.store.user(creator.uid).get()).exists).toBe(true);
  });

  it('an admin demoted after the profile listed them is refused with a sentence, and a new choice finishes it', async () => {
    const creator = newUser('creator');
    const admin = newUser('admin');
    for (const u of [creator, admin]) await login(stack, u);
    const eventId = await createEvent(stack, creator, { name: 'Reunion' });
    await invite(stack, eventId, creator, admin, 'admin', true);
    // The admin loses the role between the check and the hand-over (another tab).
    await stack.store.member(eventId, admin.uid).update({ role: 'attendee' });
    await stack.store.stats.members(eventId).update({ admin: 0, attendee: 1 });
    const res = await stack.call<Body>('POST', '/api/user/account-deletion', {
      as: creator,
      body: { events: [{ eventId, action: 'transfer', toUserId: admin.uid }] },
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: ACCOUNT_DELETION_MESSAGES.notAnAdmin('Reunion') },
    });
    const done = await stack.call<Body>('POST', '/api/user/account-deletion', {
      as: creator,
      body: { events: [{ eventId, action: 'delete' }] },
    });
    expect(done.status).toBe(200);
    expect((await stack.store.event(eventId).get()).exists).toBe(false);
    await expectNothingOf(creator, [eventId]);
  });
});

/** A zip's entries: name → bytes (read with a real unzip library). */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

describe('download my data', () => {
  it('one zip: everything stored about them as JSON, with their photos’ originals; the link works once', async () => {
    const w = await leaverWithEverything();
    const created = await stack.call<{ url: string; fileName: string; photoCount: number }>(
      'POST',
      '/api/user/data-export',
      { as: w.leaver },
    );
    expect(created.status).toBe(201);
    expect(created.body.photoCount).toBe(3);
    expect(created.body.fileName).toMatch(/^gatherly-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const res = await fetch(`${stack.baseUrl}${created.body.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const data = JSON.parse(
      entries.get(DATA_EXPORT_JSON)?.toString('utf8') ?? '{}',
    ) as DataExportFile;
    expect(data.account).toMatchObject({
      uid: w.leaver.uid,
      email: w.leaver.email,
      emailPreferences: {},
    });
    const party = data.events.find((e) => e.id === w.party);
    expect(party).toMatchObject({ name: 'Host party', role: 'attendee' });
    expect(party?.rsvps).toEqual([expect.objectContaining({ title: 'Dinner', status: 'going' })]);
    expect(party?.answers).toEqual([{ question: 'Dietary needs', answer: 'vegan' }]);
    expect(party?.votes).toEqual([expect.objectContaining({ photoId: w.hosts })]);
    expect(party?.flights).toEqual([expect.objectContaining({ flightNumber: 'TP1' })]);
    expect(party?.carpoolsDriven).toHaveLength(1);
    expect(party?.carpoolSeats).toEqual([
      expect.objectContaining({ carpoolId: w.hostsCar, driver: w.host.name }),
    ]);
    const own = data.events.find((e) => e.id === w.own);
    expect(own?.announcements).toEqual([expect.objectContaining({ message: 'See you soon!' })]);
    expect(data.invitationsSent.map((i) => i.email)).toContain('someone@example.com');
    expect(data.invitationsReceived.map((i) => i.eventId).sort()).toEqual([w.party].sort());
    // Every photo of theirs is in the zip under the name the JSON gives, with its bytes.
    expect(data.photos).toHaveLength(3);
    for (const photo of data.photos) {
      expect(photo.fileInZip).not.toBeNull();
      expect(entries.get(photo.fileInZip ?? '')?.length).toBe(2048);
    }
    // Nobody else's photo is in it.
    expect([...entries.keys()].filter((n) => n.startsWith('photos/'))).toHaveLength(3);
    expect(entries.has('MISSING.txt')).toBe(false);

    const again = await fetch(`${stack.baseUrl}${created.body.url}`);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('already used');
  });

  it('an original that cannot be read is left out and named in MISSING.txt, the last entry', async () => {
    const who = newUser('exporter');
    await login(stack, who);
    const eventId = await createEvent(stack, who, { name: 'Gone files' });
    await addPhoto(eventId, who, 'kept.jpg', 1500);
    const gone = await addPhoto(eventId, who, 'gone.jpg', 2500);
    const photo = (await stack.store.photos(eventId).doc(gone).get()).data();
    await bucket()
      .file(photo?.objectPath ?? '')
      .delete();
    const created = await stack.call<{ url: string }>('POST', '/api/user/data-export', { as: who });
    const res = await fetch(`${stack.baseUrl}${created.body.url}`);
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const names = [...entries.keys()];
    expect(names[0]).toBe(DATA_EXPORT_JSON);
    expect(names.at(-1)).toBe('MISSING.txt');
    expect(names.filter((n) => n.startsWith('photos/'))).toEqual([
      `photos/${eventId}/00001-kept.jpg`,
    ]);
    expect(entries.get(`photos/${eventId}/00001-kept.jpg`)?.length).toBe(1500);
    const missing = entries.get('MISSING.txt')?.toString('utf8') ?? '';
    expect(missing).toContain('gone.jpg');
    expect(missing).not.toContain('kept.jpg');
  });

  it('refuses signed-out callers, unknown and expired links, and links of a deleted account', async () => {
    const who = newUser('exporter');
    await login(stack, who);
    expect((await stack.call('POST', '/api/user/data-export')).status).toBe(401);
    expect((await fetch(`${stack.baseUrl}/api/user/data-exports/not-a-real-link`)).status).toBe(
      404,
    );
    const expired = await stack.call<{ url: string }>('POST', '/api/user/data-export', { as: who });
    const id = expired.body.url.split('/').pop() ?? '';
    const { Timestamp } = await import('firebase-admin/firestore');
    await stack.store.dataExports
      .doc(id)
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1) });
    expect((await fetch(`${stack.baseUrl}${expired.body.url}`)).status).toBe(410);
    const live = await stack.call<{ url: string }>('POST', '/api/user/data-export', { as: who });
    expect(
      (await stack.call('POST', '/api/user/account-deletion', { as: who, body: { events: [] } }))
        .status,
    ).toBe(200);
    expect((await fetch(`${stack.baseUrl}${live.body.url}`)).status).toBe(404);
  });
});
