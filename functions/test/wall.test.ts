// The photo wall (issue "live photo wall"): wall links created, listed and revoked by admins,
// the public wall they open (projected fields only, refused once revoked or the event deleted),
// the changes a poll brings, and moderation (hide, approve first, the queue and its count).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WALL_MESSAGES, type WallFeed, type WallPhoto } from '@gatherly/domain/wall';
import { sha256Hex } from '../src/secrets.ts';
import { deleteEventData } from '../src/services/events.ts';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import { eventWithRoles, putObject } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

async function upload(eventId: string, who: TestUser, name: string, caption = ''): Promise<string> {
  const path = `uploads/${eventId}/photos/${who.uid}/${name}.jpg`;
  const thumb = `uploads/${eventId}/thumbs/${who.uid}/${name}.jpg`;
  await putObject(path, 2048);
  await putObject(thumb, 100);
  const saved = await stack.call<{ photo: { id: string } }>(
    'POST',
    `/api/events/${eventId}/photos`,
    { as: who, body: { filename: `${name}.jpg`, objectPath: path, thumbPath: thumb, caption } },
  );
  expect(saved.status).toBe(201);
  return saved.body.photo.id;
}

async function newLink(eventId: string, as: TestUser) {
  const res = await stack.call<{ url: string; link: { id: string; createdAt: string } }>(
    'POST',
    `/api/events/${eventId}/wall-links`,
    { as },
  );
  expect(res.status).toBe(201);
  return { ...res.body, secret: res.body.url.split('/wall/')[1] as string };
}

const wall = (secret: string, since?: number) =>
  stack.call<WallFeed & Body>(
    'GET',
    `/api/walls/${secret}${since === undefined ? '' : `?since=${since}`}`,
  );

const refused = { status: 404, body: { error: WALL_MESSAGES.linkNotFound } };

describe('wall links', () => {
  it('admins create, list and revoke them; the secret is stored only hashed', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const made = await newLink(eventId, admin);
    expect(made.url).toMatch(/^http:\/\/app\.test\/wall\/[A-Za-z0-9_-]{43}$/);
    expect(made.link.id).toBe(sha256Hex(made.secret));
    const stored = await stack.store.wallLinks.where('eventId', '==', eventId).get();
    expect(stored.docs.map((d) => d.id)).toEqual([sha256Hex(made.secret)]);
    expect(JSON.stringify(stored.docs[0]?.data())).not.toContain(made.secret);

    const listed = await stack.call<{ links: Body[]; settings: Body }>(
      'GET',
      `/api/events/${eventId}/wall-links`,
      { as: creator },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.links).toEqual([
      { id: made.link.id, createdAt: made.link.createdAt, createdByName: admin.name },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(made.secret);
    expect(listed.body.settings).toEqual({ paceSeconds: 8, approveFirst: false });

    // Attendees and outsiders: refused, and an outsider learns nothing of the event.
    for (const [who, status] of [
      [attendee, 403],
      [outsider, 404],
    ] as const) {
      expect(
        (await stack.call('POST', `/api/events/${eventId}/wall-links`, { as: who })).status,
      ).toBe(status);
      expect(
        (await stack.call('GET', `/api/events/${eventId}/wall-links`, { as: who })).status,
      ).toBe(status);
      expect(
        (
          await stack.call('DELETE', `/api/events/${eventId}/wall-links/${made.link.id}`, {
            as: who,
          })
        ).status,
      ).toBe(status);
    }
    expect((await wall(made.secret)).status).toBe(200);
    const revoked = await stack.call(
      'DELETE',
      `/api/events/${eventId}/wall-links/${made.link.id}`,
      {
        as: admin,
      },
    );
    expect(revoked).toEqual({ status: 200, body: { deleted: true, id: made.link.id } });
    expect(await wall(made.secret)).toEqual(refused);
    expect(
      (
        await stack.call('DELETE', `/api/events/${eventId}/wall-links/${made.link.id}`, {
          as: admin,
        })
      ).status,
    ).toBe(404);
  });

  it('refuses a made-up, malformed or other event’s link with the same sentence', async () => {
    const { eventId, admin } = await eventWithRoles(stack);
    const other = await eventWithRoles(stack);
    const mine = await newLink(eventId, admin);
    expect(await wall('x'.repeat(43))).toEqual(refused);
    expect(await wall('short')).toEqual(refused);
    // Another event's admin cannot revoke this event's link by its id.
    expect(
      (
        await stack.call('DELETE', `/api/events/${other.eventId}/wall-links/${mine.link.id}`, {
          as: other.admin,
        })
      ).status,
    ).toBe(404);
    expect((await wall(mine.secret)).status).toBe(200);
    expect((await wall(mine.secret, -1)).status).toBe(400);
  });

  it('is refused once the event is deleted, and its links go with the event', async () => {
    const { eventId, creator } = await eventWithRoles(stack);
    const made = await newLink(eventId, creator);
    await stack.store.event(eventId).update({ deleting: true });
    expect(await wall(made.secret)).toEqual(refused);
    await deleteEventData(eventId);
    expect((await stack.store.wallLink(made.link.id).get()).exists).toBe(false);
    expect(await wall(made.secret)).toEqual(refused);
  });

  it('serves the projected photos and the branding, nothing else', async () => {
    const { eventId, creator, attendee } = await eventWithRoles(stack);
    const { secret } = await newLink(eventId, creator);
    const id = await upload(eventId, attendee, 'toast', 'The toast');
    const res = await wall(secret);
    expect(res.status).toBe(200);
    expect(res.body.full).toBe(true);
    expect(res.body.wall).toMatchObject({
      eventName: 'Summer Wedding',
      paceSeconds: 8,
      qrUrl: `http://app.test/events/${eventId}/photos?upload=1`,
    });
    expect(res.body.photos).toHaveLength(1);
    const photo = res.body.photos[0] as WallPhoto;
    expect(Object.keys(photo).sort()).toEqual(
      [
        'caption',
        'featured',
        'id',
        'imageUrl',
        'thumbUrl',
        'uploadedAt',
        'uploaderName',
        'votes',
      ].sort(),
    );
    expect(photo).toMatchObject({
      id,
      caption: 'The toast',
      uploaderName: attendee.name,
      votes: 0,
    });
    // (The image URLs name their Storage path, an opaque uploader id in it; nothing else does.)
    const text = JSON.stringify(res.body);
    for (const secretish of [attendee.email, 'uploadedBy', 'objectPath', 'members', 'schedule']) {
      expect(text).not.toContain(secretish);
    }
    // With the event link on, the QR code leads there (joining first, then the upload sheet).
    const on = await stack.call<{ url: string }>('PUT', `/api/events/${eventId}/join-link`, {
      as: creator,
      body: { enabled: true, askBeforeJoin: false },
    });
    expect((await wall(secret)).body.wall.qrUrl).toBe(`${on.body.url}?then=upload`);
  });
});

describe('wall moderation', () => {
  it('brings new uploads and hides in a poll after the cursor; members may not hide', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    const { secret } = await newLink(eventId, creator);
    const first = await wall(secret);
    const a = await upload(eventId, attendee, 'a');
    const b = await upload(eventId, attendee, 'b');
    const poll = await wall(secret, first.body.cursor);
    expect(poll.body.full).toBe(false);
    expect(poll.body.photos.map((p) => p.id).sort()).toEqual([a, b].sort());

    const hide = (as: TestUser, state: string) =>
      stack.call('PUT', `/api/events/${eventId}/photos/${a}/wall`, { as, body: { state } });
    expect((await hide(attendee, 'hidden')).status).toBe(403);
    expect((await hide(admin, 'pending')).status).toBe(400);
    expect(await hide(admin, 'hidden')).toEqual({
      status: 200,
      body: { id: a, wallState: 'hidden' },
    });
    const after = await wall(secret, poll.body.cursor);
    expect(after.body.removed).toEqual([a]);
    expect(after.body.photos.map((p) => p.id)).not.toContain(a);
    expect((await wall(secret)).body.photos.map((p) => p.id)).toEqual([b]);
    // The gallery still has it (hiding is from the wall only).
    const gallery = await stack.store.photos(eventId).doc(a).get();
    expect(gallery.data()?.wallState).toBe('hidden');
    expect(await hide(admin, 'shown')).toEqual({
      status: 200,
      body: { id: a, wallState: 'shown' },
    });
    expect((await wall(secret)).body.photos).toHaveLength(2);
  });

  it('with approval first, new uploads wait in a counted queue until an admin approves', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    const settings = (as: TestUser, body: unknown) =>
      stack.call('PUT', `/api/events/${eventId}/wall-settings`, { as, body });
    expect((await settings(attendee, { paceSeconds: 5, approveFirst: true })).status).toBe(403);
    expect((await settings(admin, { paceSeconds: 7, approveFirst: true })).status).toBe(400);
    expect(await settings(admin, { paceSeconds: 12, approveFirst: true })).toEqual({
      status: 200,
      body: { paceSeconds: 12, approveFirst: true },
    });
    const { secret } = await newLink(eventId, creator);
    const ids = [await upload(eventId, attendee, 'p1'), await upload(eventId, attendee, 'p2')];
    const first = await wall(secret);
    expect(first.body.photos).toEqual([]);
    expect(first.body.wall.paceSeconds).toBe(12);

    const queue = () =>
      stack.call<{ photos: WallPhoto[]; count: number }>(
        'GET',
        `/api/events/${eventId}/wall-queue`,
        { as: admin },
      );
    expect(
      (await stack.call('GET', `/api/events/${eventId}/wall-queue`, { as: attendee })).status,
    ).toBe(403);
    const waiting = await queue();
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    expect(waiting.body.count).toBe(2);
    expect(waiting.body.photos.map((p) => p.id)).toEqual(ids);

    await stack.call('PUT', `/api/events/${eventId}/photos/${ids[0]}/wall`, {
      as: admin,
      body: { state: 'shown' },
    });
    await stack.call('PUT', `/api/events/${eventId}/photos/${ids[1]}/wall`, {
      as: admin,
      body: { state: 'hidden' },
    });
    expect((await queue()).body).toEqual({ photos: [], count: 0 });
    const poll = await wall(secret, first.body.cursor);
    expect(poll.body.photos.map((p) => p.id)).toEqual([ids[0]]);
    expect(poll.body.removed).toEqual([ids[1]]);
  });

  it('lets a signed-in member open the same wall, and nobody else', async () => {
    const { eventId, attendee, outsider } = await eventWithRoles(stack);
    await upload(eventId, attendee, 'm');
    const mine = await stack.call<WallFeed>('GET', `/api/events/${eventId}/wall`, { as: attendee });
    expect(mine.status).toBe(200);
    expect(mine.body.photos).toHaveLength(1);
    expect((await stack.call('GET', `/api/events/${eventId}/wall`, { as: outsider })).status).toBe(
      404,
    );
    expect(
      (await stack.call('GET', `/api/events/${eventId}/wall`, { as: newUser('x') })).status,
    ).not.toBe(200);
  });
});
