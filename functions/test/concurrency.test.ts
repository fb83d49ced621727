import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import {
  ISO,
  createEvent,
  eventWithRoles,
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
      riders.map((r) => stack.call('POST', `/api/carpools/${id}/join`, { as: r })),
    );
    const statuses = results.map((r) => r.status);
    const ok = statuses.filter((s) => s === 200).length;
    console.log(
      `carpool: 30 joins in ${Date.now() - started} ms -> ${ok} joined, ${statuses.filter((s) => s === 409).length} refused (409)`,
    );
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(ok).toBe(3);
    const doc = (await stack.db.doc(`events/${eventId}/carpools/${id}`).get()).data() as {
      currentSeats: number;
      passengerIds: string[];
    };
    expect(doc.currentSeats).toBe(4);
    expect(doc.passengerIds).toHaveLength(3);
    expect(new Set(doc.passengerIds).size).toBe(3);
    const passengers = await stack.db
      .collection(`events/${eventId}/carpools/${id}/passengers`)
      .get();
    expect(passengers.docs.map((d) => d.id).sort()).toEqual([...doc.passengerIds].sort());
  });

  it('20 users voting and unvoting in parallel: votes equals the number of vote documents', async () => {
    const owner = newUser('owner');
    await login(stack, owner);
    const eventId = await createEvent(stack, owner);
    const voters = await members(eventId, 20, 'voter');
    const path = `events/${eventId}/photos/${owner.uid}/p.jpg`;
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
            `/api/photos/${photoId}/vote`,
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
    const photo = (await stack.db.doc(`events/${eventId}/photos/${photoId}`).get()).data() as {
      votes: number;
    };
    const voteDocs = await stack.db
      .collection(`events/${eventId}/photos/${photoId}/votes`)
      .count()
      .get();
    const expected = steps.filter((n) => n % 2 === 1).length;
    expect(voteDocs.data().count).toBe(expected);
    expect(photo.votes).toBe(expected);
  });

  it('deleting an event leaves zero documents and zero files under it', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    await invite(stack, eventId, creator, newUser('pending'), 'attendee', false);
    await stack.call('PATCH', `/api/events/${eventId}/members/${attendee.uid}/role`, {
      as: creator,
      body: { role: 'admin' },
    });
    const photoIds: string[] = [];
    for (const [i, u] of [creator, admin, attendee].entries()) {
      const path = `events/${eventId}/photos/${u.uid}/p${i}.jpg`;
      const thumb = `events/${eventId}/thumbs/${u.uid}/p${i}.jpg`;
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
      await stack.call('POST', `/api/photos/${res.body.photo.id}/vote`, { as: admin });
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
    await stack.call('POST', `/api/carpools/${carpool.body.carpool.id}/join`, { as: attendee });
    const itemId = await seedSchedule(stack.store, eventId);
    await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
      as: attendee,
      body: { status: 'going' },
    });
    // An orphan: a vote left under a photo document that was deleted directly by a client.
    await stack.db.doc(`events/${eventId}/photos/${photoIds[0] as string}`).delete();
    // A file nobody registered (an upload whose record was never saved).
    await putObject(`events/${eventId}/photos/${attendee.uid}/unsaved.jpg`);

    const other = await createEvent(stack, admin);
    await putObject(`events/${other}/banner/keep.jpg`);

    const filesBefore = await listFiles(`events/${eventId}/`);
    const tokensBefore = await stack.db
      .collection('invitationTokens')
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

    expect(await listFiles(`events/${eventId}/`)).toEqual([]);
    expect(
      (
        await stack.db.collection('invitationTokens').where('eventId', '==', eventId).count().get()
      ).data().count,
    ).toBe(0);
    const eventDoc = stack.db.doc(`events/${eventId}`);
    expect((await eventDoc.get()).exists).toBe(false);
    expect(await eventDoc.listCollections()).toEqual([]);
    for (const group of [
      'members',
      'invitations',
      'photos',
      'votes',
      'flights',
      'carpools',
      'passengers',
      'schedule',
      'rsvps',
      'roleChanges',
    ]) {
      const left = await stack.db
        .collectionGroup(group)
        .where('eventId', '==', eventId)
        .count()
        .get();
      expect(left.data().count, group).toBe(0);
    }
    // Other events are untouched.
    expect(await listFiles(`events/${other}/`)).toEqual([`events/${other}/banner/keep.jpg`]);
    expect((await stack.call('GET', `/api/events/${other}`, { as: admin })).status).toBe(200);
  });
});
