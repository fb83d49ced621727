/**
 * The services behind the activity feed and search-token triggers
 * (functions/src/triggers/activity.ts), in this process: what each entry says, idempotence,
 * entries never outliving their subject. activity-trigger-e2e.test.ts runs the triggers
 * themselves through the Functions emulator.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { newUser, startStack, type Stack } from './harness.ts';
import { ISO, createEvent, eventWithRoles, login, putObject, seedSchedule } from './fixtures.ts';

describe('activity and search services', () => {
  let stack: Stack;
  let services: {
    activity: typeof import('../src/services/activity.ts');
    search: typeof import('../src/services/search.ts');
  };
  beforeAll(async () => {
    stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
    services = {
      activity: await import('../src/services/activity.ts'),
      search: await import('../src/services/search.ts'),
    };
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('one entry per created document, with the feed sentence and the document time', async () => {
    const { eventId, creator, attendee } = await eventWithRoles(stack);
    const { recordActivity, removeActivity } = services.activity;
    const path = `uploads/${eventId}/photos/${attendee.uid}/a.jpg`;
    await putObject(path);
    const photo = await stack.call<{ photo: { id: string } }>(
      'POST',
      `/api/events/${eventId}/photos`,
      { as: attendee, body: { filename: 'a.jpg', objectPath: path, caption: 'First dance' } },
    );
    const flight = await stack.call<{ flight: { id: string } }>(
      'POST',
      `/api/events/${eventId}/flights`,
      {
        as: creator,
        body: { departure: 'LIS', arrival: 'OPO', departureTime: ISO(1), arrivalTime: ISO(1.1) },
      },
    );
    const item = await seedSchedule(stack.store, eventId, 'Ceremony');
    await stack.store
      .announcements(eventId)
      .doc('a1')
      .set({
        id: 'a1',
        eventId,
        authorId: creator.uid,
        author: { displayName: creator.name, photoURL: '' },
        message: 'Buses leave\nat 3:15 PM',
        audience: { kind: 'all' },
        audienceLabel: 'Everyone',
        recipientCount: null,
        createdAt: Timestamp.now(),
      });
    await recordActivity(eventId, 'member', creator.uid);
    await recordActivity(eventId, 'member', attendee.uid);
    await recordActivity(eventId, 'flight', flight.body.flight.id);
    await recordActivity(eventId, 'flight', flight.body.flight.id); // delivered twice
    await recordActivity(eventId, 'schedule', item);
    await recordActivity(eventId, 'announcement', 'a1');
    const feed = await stack.store.activity(eventId).orderBy('at', 'desc').get();
    const byId = new Map(feed.docs.map((d) => [d.id, d.data()]));
    expect(feed.size).toBe(6);
    expect(byId.get(`member:${creator.uid}`)).toMatchObject({
      kind: 'member',
      subjectId: creator.uid,
      title: `${creator.name} created the event`,
      actor: { displayName: creator.name, photoURL: '' },
    });
    expect(byId.get(`member:${attendee.uid}`)?.title).toBe(`${attendee.name} joined the event`);
    // The photo's line is written by its record (a batch of one), not by a trigger.
    expect(byId.get(`photo:${photo.body.photo.id}`)).toMatchObject({
      kind: 'photo',
      subjectId: photo.body.photo.id,
      title: `${attendee.name} uploaded a photo: “First dance”`,
      count: 1,
      photos: [
        {
          id: photo.body.photo.id,
          path: `events/${eventId}/photos/${attendee.uid}/a.jpg`,
          caption: 'First dance',
        },
      ],
    });
    expect(byId.get(`flight:${flight.body.flight.id}`)?.title).toBe(
      `${creator.name} added a flight from LIS to OPO`,
    );
    expect(byId.get(`schedule:${item}`)).toMatchObject({
      title: 'New on the schedule: Ceremony',
      actor: null,
    });
    expect(byId.get('announcement:a1')).toMatchObject({
      kind: 'announcement',
      title: `${creator.name} sent an announcement: “Buses leave at 3:15 PM”`,
    });
    const stored = (await stack.store.photos(eventId).doc(photo.body.photo.id).get()).data();
    expect(byId.get(`photo:${photo.body.photo.id}`)?.at.toMillis()).toBe(
      stored?.uploadedAt.toMillis(),
    );

    await removeActivity(eventId, 'flight', flight.body.flight.id);
    await removeActivity(eventId, 'flight', flight.body.flight.id);
    expect((await stack.store.activity(eventId).get()).size).toBe(5);
  });

  it('no entry for a document already gone or an event being deleted', async () => {
    const creator = newUser('feed');
    await login(stack, creator);
    const eventId = await createEvent(stack, creator);
    const { recordActivity } = services.activity;
    await recordActivity(eventId, 'flight', 'never-existed');
    await stack.store.event(eventId).update({ deleting: true });
    await recordActivity(eventId, 'member', creator.uid);
    expect((await stack.store.activity(eventId).get()).size).toBe(0);
  });

  it('a caption edit refreshes the search tokens', async () => {
    const { eventId, attendee } = await eventWithRoles(stack);
    const path = `uploads/${eventId}/photos/${attendee.uid}/b.jpg`;
    await putObject(path);
    const res = await stack.call<{ photo: { id: string } }>(
      'POST',
      `/api/events/${eventId}/photos`,
      { as: attendee, body: { filename: 'b.jpg', objectPath: path, caption: 'Sunset' } },
    );
    const ref = stack.store.photos(eventId).doc(res.body.photo.id);
    expect((await ref.get()).data()?.searchTokens).toContain('sunset');
    await ref.update({ caption: 'Crème brûlée' });
    await services.search.refreshPhotoSearchTokens(eventId, res.body.photo.id);
    const tokens = (await ref.get()).data()?.searchTokens;
    expect(tokens).toEqual(expect.arrayContaining(['creme', 'brulee', 'attendee']));
    expect(tokens).not.toContain('sunset');
  });
});
