import { foldVoteCount } from '../src/services/votes.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { directPath } from './direct.ts';
import { BUCKET, newUser, startStack, type Stack, type TestUser } from './harness.ts';
import {
  ISO,
  createEvent,
  eventWithRoles,
  grantApiAccess,
  invite,
  listFiles,
  login,
  putObject,
  seedMember,
  seedSchedule,
} from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

async function members(eventId: string, n: number, label: string): Promise<TestUser[]> {
  const users = Array.from({ length: n }, () => newUser(label));
  await Promise.all(users.map((u) => seedMember(stack.store, eventId, u)));
  return users;
}

const serverTimestamp = () => firebase.firestore.FieldValue.serverTimestamp();

/** No document, token or file of the event anywhere, also under parents that are gone. */
async function expectNothingLeft(eventId: string): Promise<void> {
  expect(await listFiles(`events/${eventId}/`)).toEqual([]);
  expect(await listFiles(`uploads/${eventId}/`)).toEqual([]);
  expect(
    (await stack.store.invitationTokens.where('eventId', '==', eventId).count().get()).data().count,
  ).toBe(0);
  const eventDoc = stack.store.event(eventId);
  expect((await eventDoc.get()).exists).toBe(false);
  expect(await eventDoc.listCollections()).toEqual([]);
  // Every document under an event carries its eventId (docs/data-model.md). The app never
  // queries these groups by eventId (no index for it): the test reads each group whole.
  const groups = ['members', 'invitations', 'photos', 'votes', 'flights', 'carpools'];
  groups.push('passengers', 'schedule', 'rsvps', 'roleChanges');
  for (const group of groups) {
    const all = await stack.db.collectionGroup(group).select('eventId').get();
    const left = all.docs.filter((d) => d.get('eventId') === eventId);
    expect(left.length, group).toBe(0);
  }
}

describe('concurrency', () => {
  it('30 concurrent joins on a 4-seat carpool: 4 seats taken, 3 passengers, nobody twice', async () => {
    const driver = newUser('driver');
    await login(stack, driver);
    const eventId = await createEvent(stack, driver);
    const riders = await members(eventId, 30, 'rider');
    const created = await stack.call<{ carpool: { id: string } }>(
      'POST',
      `/api/events/${eventId}/carpools`,
      {
        as: driver,
        body: { fromLocation: 'A', toLocation: 'B', departureTime: ISO(3), maxSeats: 4 },
      },
    );
    const id = created.body.carpool.id;
    const started = Date.now();
    const results = await Promise.all(
      riders.map((r) =>
        stack.call('POST', `/api/events/${eventId}/carpools/${id}/join`, { as: r }),
      ),
    );
    const statuses = results.map((r) => r.status);
    const ok = statuses.filter((s) => s === 200).length;
    console.log(
      `carpool: 30 joins in ${Date.now() - started} ms -> ${ok} joined, ${statuses.filter((s) => s === 409).length} refused (409)`,
    );
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(ok).toBe(3);
    const doc = (await stack.store.carpools(eventId).doc(id).get()).data();
    if (!doc) throw new Error('the carpool is gone');
    expect(doc.currentSeats).toBe(4);
    expect(doc.passengerIds).toHaveLength(3);
    expect(new Set(doc.passengerIds).size).toBe(3);
    const passengers = await stack.store.passengers(eventId, id).get();
    expect(passengers.docs.map((d) => d.id).sort()).toEqual([...doc.passengerIds].sort());
  });

  it('leaves racing joins on a full carpool: seats never exceed maxSeats and match the riders', async () => {
    const driver = newUser('driver');
    await login(stack, driver);
    const eventId = await createEvent(stack, driver);
    const riders = await members(eventId, 3, 'rider');
    const waiting = await members(eventId, 12, 'waiting');
    const created = await stack.call<{ carpool: { id: string } }>(
      'POST',
      `/api/events/${eventId}/carpools`,
      {
        as: driver,
        body: { fromLocation: 'A', toLocation: 'B', departureTime: ISO(3), maxSeats: 4 },
      },
    );
    const id = created.body.carpool.id;
    for (const r of riders)
      await stack.call('POST', `/api/events/${eventId}/carpools/${id}/join`, { as: r });
    const results = await Promise.all([
      ...riders.map((r) =>
        stack.call('POST', `/api/events/${eventId}/carpools/${id}/leave`, { as: r }),
      ),
      ...waiting.map((w) =>
        stack.call('POST', `/api/events/${eventId}/carpools/${id}/join`, { as: w }),
      ),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    // Every leave succeeds; at most the three freed seats are taken again.
    expect(statuses.slice(0, riders.length)).toEqual([200, 200, 200]);
    const joins = statuses.slice(riders.length).filter((s) => s === 200).length;
    expect(joins).toBeLessThanOrEqual(3);
    const doc = (await stack.store.carpools(eventId).doc(id).get()).data();
    if (!doc) throw new Error('the carpool is gone');
    expect(doc.currentSeats).toBeLessThanOrEqual(doc.maxSeats);
    expect(doc.currentSeats).toBe(1 + doc.passengerIds.length);
    expect(doc.passengerIds).toHaveLength(joins);
    expect(doc.passengerIds.some((uid) => riders.some((r) => r.uid === uid))).toBe(false);
    const passengers = await stack.store.passengers(eventId, id).get();
    expect(passengers.docs.map((d) => d.id).sort()).toEqual([...doc.passengerIds].sort());
  });

  it('20 users voting and unvoting in parallel: votes equals the number of vote documents', async () => {
    const owner = newUser('owner');
    await login(stack, owner);
    const eventId = await createEvent(stack, owner);
    const voters = await members(eventId, 20, 'voter');
    const path = `uploads/${eventId}/photos/${owner.uid}/p.jpg`;
    await putObject(path);
    const saved = await stack.call<{ photo: { id: string } }>(
      'POST',
      `/api/events/${eventId}/photos`,
      {
        as: owner,
        body: { filename: 'p.jpg', objectPath: path },
      },
    );
    const photoId = saved.body.photo.id;
    // Each voter toggles a few times, racing everyone else; an odd number of steps ends voted.
    const steps = voters.map((_, i) => 1 + (i % 4));
    const started = Date.now();
    const outcomes = await Promise.all(
      voters.map(async (v, i) => {
        const statuses: number[] = [];
        for (let s = 0; s < (steps[i] as number); s++) {
          const res = await stack.call(
            s % 2 === 0 ? 'POST' : 'DELETE',
            `/api/events/${eventId}/photos/${photoId}/vote`,
            { as: v },
          );
          statuses.push(res.status);
        }
        return statuses;
      }),
    );
    const calls = outcomes.flat();
    console.log(
      `votes: ${calls.length} vote/unvote calls from 20 users in ${Date.now() - started} ms`,
    );
    expect(calls.every((s) => s === 200)).toBe(true);
    // What the vote trigger does after the last vote (this harness runs no triggers): the count
    // folded in, at most once a second.
    await foldVoteCount(eventId, photoId);
    const photo = (await stack.store.photos(eventId).doc(photoId).get()).data();
    const voteDocs = await stack.store.votes(eventId, photoId).count().get();
    const expected = steps.filter((n) => n % 2 === 1).length;
    expect(voteDocs.data().count).toBe(expected);
    expect(photo?.votes).toBe(expected);
  });

  it('deleting an event leaves zero documents and zero files under it', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    await grantApiAccess(stack, admin, attendee);
    await invite(stack, eventId, creator, newUser('pending'), 'attendee', false);
    await stack.call('PATCH', `/api/events/${eventId}/members/${attendee.uid}/role`, {
      as: creator,
      body: { role: 'admin' },
    });
    const photoIds: string[] = [];
    for (const [i, u] of [creator, admin, attendee].entries()) {
      const path = `uploads/${eventId}/photos/${u.uid}/p${i}.jpg`;
      const thumb = `uploads/${eventId}/thumbs/${u.uid}/p${i}.jpg`;
      await putObject(path);
      await putObject(thumb, 50);
      const res = await stack.call<{ photo: { id: string } }>(
        'POST',
        `/api/events/${eventId}/photos`,
        {
          as: u,
          body: { filename: `p${i}.jpg`, objectPath: path, thumbPath: thumb },
        },
      );
      photoIds.push(res.body.photo.id);
      await stack.call('POST', `/api/events/${eventId}/photos/${res.body.photo.id}/vote`, {
        as: admin,
      });
    }
    await putObject(`events/${eventId}/banner/b.jpg`);
    await stack.call('POST', `/api/events/${eventId}/banner-photo`, {
      as: admin,
      body: { filename: 'b.jpg', objectPath: `events/${eventId}/banner/b.jpg` },
    });
    await stack.call('POST', `/api/events/${eventId}/flights`, {
      as: admin,
      body: { departureTime: ISO(1), arrivalTime: ISO(1.2) },
    });
    const carpool = await stack.call<{ carpool: { id: string } }>(
      'POST',
      `/api/events/${eventId}/carpools`,
      {
        as: admin,
        body: { departureTime: ISO(1), maxSeats: 4 },
      },
    );
    await stack.call('POST', `/api/events/${eventId}/carpools/${carpool.body.carpool.id}/join`, {
      as: attendee,
    });
    const itemId = await seedSchedule(stack.store, eventId);
    expect(
      (
        await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
          as: attendee,
          body: { status: 'going' },
        })
      ).status,
    ).toBe(200);
    // An orphan: a vote left under a photo document that was deleted directly by a client.
    await stack.store
      .photos(eventId)
      .doc(photoIds[0] as string)
      .delete();
    // A file nobody registered (an upload whose record was never saved).
    await putObject(`uploads/${eventId}/photos/${attendee.uid}/unsaved.jpg`);

    const other = await createEvent(stack, admin);
    await putObject(`events/${other}/banner/keep.jpg`);

    const filesBefore = [
      ...(await listFiles(`events/${eventId}/`)),
      ...(await listFiles(`uploads/${eventId}/`)),
    ];
    const tokensBefore = await stack.store.invitationTokens
      .where('eventId', '==', eventId)
      .count()
      .get();
    expect(filesBefore.length).toBe(8);
    expect(tokensBefore.data().count).toBe(3);

    const started = Date.now();
    expect((await stack.call('DELETE', `/api/events/${eventId}`, { as: creator })).status).toBe(
      200,
    );
    console.log(
      `delete: event with ${filesBefore.length} files and its subcollections removed in ${Date.now() - started} ms`,
    );

    await expectNothingLeft(eventId);
    // Other events are untouched.
    expect(await listFiles(`events/${other}/`)).toEqual([`events/${other}/banner/keep.jpg`]);
    expect((await stack.call('GET', `/api/events/${other}`, { as: admin })).status).toBe(200);
  });

  it('deleting an event while members keep writing leaves zero documents and zero files', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    // Enterprise for the creator: the travel and photo limits never stop the writers early.
    await grantApiAccess(stack, creator, attendee);
    const itemId = await seedSchedule(stack.store, eventId);
    const photoPath = `uploads/${eventId}/photos/${attendee.uid}/first.jpg`;
    await putObject(photoPath);
    const photo = await stack.call<{ photo: { id: string } }>(
      'POST',
      `/api/events/${eventId}/photos`,
      { as: attendee, body: { filename: 'first.jpg', objectPath: photoPath } },
    );
    const photoId = photo.body.photo.id;
    const direct = await directPath();
    const attendeeClient = direct.as(attendee);
    const adminClient = direct.as(admin);
    const fs = { attendee: attendeeClient.firestore(), admin: adminClient.firestore() };
    const storage = attendeeClient.storage(`gs://${BUCKET}`);

    let deleteReturnedAt = Number.POSITIVE_INFINITY;
    let stopped = false;
    const landed: Record<string, number> = {};
    const lastError: Record<string, string> = {};
    const lateWrites: string[] = [];
    /** Runs one kind of write over and over, as a member with a slow phone would. */
    const writer = async (name: string, write: (i: number) => Promise<unknown>) => {
      for (let i = 0; !stopped; i++) {
        const startedAt = Date.now();
        const ok = await write(i).then(
          (res) => {
            if (typeof res !== 'object' || res === null || !('status' in res)) return true;
            const { status } = res as { status: number };
            if (status >= 300) lastError[name] = JSON.stringify(res);
            return status < 300;
          },
          (err: unknown) => {
            lastError[name] = String(err);
            return false;
          },
        );
        if (!ok) continue;
        landed[name] = (landed[name] ?? 0) + 1;
        if (startedAt > deleteReturnedAt) lateWrites.push(name);
      }
    };
    const image = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
    const writers = [
      writer('flight (API)', () =>
        stack.call('POST', `/api/events/${eventId}/flights`, {
          as: attendee,
          body: { departureTime: ISO(1), arrivalTime: ISO(1.1) },
        }),
      ),
      writer('carpool (API)', () =>
        stack.call('POST', `/api/events/${eventId}/carpools`, {
          as: admin,
          body: { departureTime: ISO(2), maxSeats: 3 },
        }),
      ),
      writer('vote (API)', (i) =>
        stack.call(i % 2 ? 'DELETE' : 'POST', `/api/events/${eventId}/photos/${photoId}/vote`, {
          as: admin,
        }),
      ),
      writer('invitation (API)', (i) =>
        stack.call('POST', `/api/events/${eventId}/members`, {
          as: creator,
          body: { userEmail: `late-${i}-${eventId}@example.com`.toLowerCase() },
        }),
      ),
      writer('RSVP (API)', (i) =>
        stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
          as: attendee,
          body: { status: i % 2 ? 'maybe' : 'going' },
        }),
      ),
      writer('schedule item (direct)', () => {
        const ref = stack.store.schedule(eventId).doc();
        return fs.admin.doc(ref.path).set({
          id: ref.id,
          eventId,
          title: 'Late addition',
          description: '',
          startTime: ISO(3),
          endTime: null,
          location: '',
          createdBy: admin.uid,
          createdAt: serverTimestamp(),
          audience: 'everyone',
          groupAccess: {},
        });
      }),
      writer('caption (direct)', (i) =>
        fs.attendee
          .doc(stack.store.photos(eventId).doc(photoId).path)
          .update({ caption: `take ${i}` }),
      ),
      writer('upload and record (Storage + API)', async (i) => {
        const path = `uploads/${eventId}/photos/${attendee.uid}/late-${i}.jpg`;
        await storage.ref(path).put(image, { contentType: 'image/jpeg' });
        return stack.call('POST', `/api/events/${eventId}/photos`, {
          as: attendee,
          body: { filename: `late-${i}.jpg`, objectPath: path },
        });
      }),
    ];
    // Let every writer land something, then delete while they keep going.
    let deleted;
    try {
      const warmUp = Date.now();
      while (Object.keys(landed).length < writers.length && Date.now() - warmUp < 20_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(Object.keys(landed).length, JSON.stringify(lastError)).toBe(writers.length);
      deleted = await stack.call('DELETE', `/api/events/${eventId}`, { as: creator });
      deleteReturnedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      stopped = true;
      await Promise.all(writers);
      await direct.env.cleanup();
    }
    expect(deleted.status).toBe(200);
    console.log(`delete under load: writes that landed ${JSON.stringify(landed)}`);

    expect(lateWrites).toEqual([]);
    await expectNothingLeft(eventId);
  });
});
