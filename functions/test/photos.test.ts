import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { PREMIUM_REQUIRED_MESSAGE } from '@gatherly/domain/tiers';
import { UNRECORDED_UPLOAD_TTL_MS } from '@gatherly/domain/upload';
import { refreshBannerImageUrl } from '../src/services/photos.ts';
import { sweepUnrecordedUploads } from '../src/services/uploads.ts';
import { storedBytesOf } from '../src/tiers.ts';
import { newUser, startStack, type Stack } from './harness.ts';
import {
  createEvent,
  eventWithRoles,
  grantApiAccess,
  listFiles,
  login,
  putObject,
  seedMember,
} from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

describe('photos', () => {
  it('saves a record of an uploaded image, lists it, votes idempotently', async () => {
    const { eventId, admin, attendee, outsider } = await eventWithRoles(stack);
    await grantApiAccess(stack, admin, attendee, outsider);
    const path = `uploads/${eventId}/photos/${attendee.uid}/beach.jpg`;
    const thumb = `uploads/${eventId}/thumbs/${attendee.uid}/beach.jpg`;
    await putObject(path, 2048);
    await putObject(thumb, 100);
    const saved = await stack.call<{ photo: Body }>('POST', `/api/events/${eventId}/photos`, {
      as: attendee,
      body: {
        filename: 'beach.jpg',
        objectPath: path,
        thumbPath: thumb,
        caption: 'Sunset',
      },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.photo).toMatchObject({
      eventId,
      uploadedBy: attendee.uid,
      uploadedByUser: { displayName: attendee.name, photoURL: '' },
      size: 2048,
      contentType: 'image/jpeg',
      votes: 0,
      voteCount: 0,
      userVoted: false,
      isFeatured: false,
      caption: 'Sunset',
    });
    const photoId = saved.body.photo.id as string;
    // The stored download URLs serve the objects themselves, with no other request or SDK.
    const served = async (url: unknown) => {
      const res = await fetch(String(url));
      return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
    };
    expect(await served(saved.body.photo.url)).toEqual({ status: 200, bytes: 2048 });
    expect(await served(saved.body.photo.thumbUrl)).toEqual({ status: 200, bytes: 100 });

    expect(
      await stack.call('POST', `/api/events/${eventId}/photos/${photoId}/vote`, { as: admin }),
    ).toEqual({
      status: 200,
      body: { voteCount: 1, userVoted: true },
    });
    expect(
      await stack.call('POST', `/api/events/${eventId}/photos/${photoId}/vote`, { as: admin }),
    ).toEqual({
      status: 200,
      body: { voteCount: 1, userVoted: true },
    });
    const listed = await stack.call<{ photos: Body[] }>('GET', `/api/events/${eventId}/photos`, {
      as: admin,
    });
    expect(listed.body.photos).toHaveLength(1);
    expect(listed.body.photos[0]).toMatchObject({ id: photoId, voteCount: 1, userVoted: true });
    expect(
      (
        await stack.call<{ photos: Body[] }>('GET', `/api/events/${eventId}/photos`, {
          as: attendee,
        })
      ).body.photos[0]?.userVoted,
    ).toBe(false);
    expect(
      await stack.call('DELETE', `/api/events/${eventId}/photos/${photoId}/vote`, { as: admin }),
    ).toEqual({
      status: 200,
      body: { voteCount: 0, userVoted: false },
    });
    expect(
      await stack.call('DELETE', `/api/events/${eventId}/photos/${photoId}/vote`, { as: admin }),
    ).toEqual({
      status: 200,
      body: { voteCount: 0, userVoted: false },
    });
    // A non-member learns nothing: a real photo of someone else's event answers like an unknown id.
    const unknownPhoto = { status: 404, body: { error: 'Photo not found' } };
    for (const method of ['POST', 'DELETE']) {
      expect(
        await stack.call(method, `/api/events/${eventId}/photos/${photoId}/vote`, { as: outsider }),
      ).toEqual(unknownPhoto);
      expect(
        await stack.call(method, `/api/events/${eventId}/photos/nope/vote`, { as: outsider }),
      ).toEqual(unknownPhoto);
    }
    expect(
      await stack.call('POST', `/api/events/${eventId}/photos/nope/vote`, { as: admin }),
    ).toEqual(unknownPhoto);
    expect((await stack.call('POST', `/api/events/${eventId}/photos/${photoId}/vote`)).status).toBe(
      401,
    );

    expect(
      (
        await stack.call<{ photos: Body[] }>('GET', `/api/events/${eventId}/photos/featured`, {
          as: admin,
        })
      ).body.photos,
    ).toEqual([]);
    expect(
      (
        await stack.call('PUT', `/api/events/${eventId}/photos/${photoId}/featured`, {
          as: admin,
          body: { isFeatured: true },
        })
      ).status,
    ).toBe(200);
    const featured = await stack.call<{ photos: Body[] }>(
      'GET',
      `/api/events/${eventId}/photos/featured`,
      { as: admin },
    );
    expect(featured.body.photos.map((p) => p.id)).toEqual([photoId]);
    expect(
      (await stack.call('GET', `/api/events/${eventId}/photos`, { as: outsider })).status,
    ).toBe(404);

    // The upload was moved into the gallery: recording it again (a retry whose first answer was
    // lost) answers that it is saved, and uploading the same name again cannot replace the
    // recorded file.
    const again = () =>
      stack.call<Body>('POST', `/api/events/${eventId}/photos`, {
        as: attendee,
        body: { filename: 'beach.jpg', objectPath: path },
      });
    expect(await again()).toEqual({
      status: 409,
      body: { error: 'This photo has already been saved' },
    });
    await putObject(path, 4096);
    expect(await again()).toEqual({
      status: 409,
      body: { error: 'This photo has already been saved' },
    });
    expect(await served(saved.body.photo.url)).toEqual({ status: 200, bytes: 2048 });
  });

  it('recording moves the upload into the gallery and counts the thumbnail too', async () => {
    const { eventId, attendee } = await eventWithRoles(stack);
    const path = `uploads/${eventId}/photos/${attendee.uid}/moved.jpg`;
    const thumb = `uploads/${eventId}/thumbs/${attendee.uid}/moved.jpg`;
    await putObject(path, 3000);
    await putObject(thumb, 700);
    const saved = await stack.call<{ photo: Body }>('POST', `/api/events/${eventId}/photos`, {
      as: attendee,
      body: { filename: 'moved.jpg', objectPath: path, thumbPath: thumb },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.photo).toMatchObject({
      objectPath: `events/${eventId}/photos/${attendee.uid}/moved.jpg`,
      thumbPath: `events/${eventId}/thumbs/${attendee.uid}/moved.jpg`,
      size: 3000,
      thumbSize: 700,
    });
    expect(await listFiles(`uploads/${eventId}/`)).toEqual([]);
    expect(await listFiles(`events/${eventId}/`)).toEqual([
      `events/${eventId}/photos/${attendee.uid}/moved.jpg`,
      `events/${eventId}/thumbs/${attendee.uid}/moved.jpg`,
    ]);
    expect(await storedBytesOf(attendee.uid)).toBe(3700);
  });

  it('a thumbnail cannot carry uncounted bytes past the storage limit', async () => {
    const { eventId, attendee } = await eventWithRoles(stack);
    // Free: 500 MB. Seeded usage 1 KB short of it.
    await stack.db
      .collection(`events/${eventId}/photos`)
      .doc('seeded')
      .set({
        id: 'seeded',
        eventId,
        uploadedBy: attendee.uid,
        size: 500 * 1024 * 1024 - 1024,
        votes: 0,
        isFeatured: false,
        objectPath: 'seed/big',
        uploadedAt: Timestamp.now(),
      });
    const path = `uploads/${eventId}/photos/${attendee.uid}/tiny.jpg`;
    const thumb = `uploads/${eventId}/thumbs/${attendee.uid}/huge-thumb.jpg`;
    await putObject(path, 10);
    await putObject(thumb, 5000);
    const res = await stack.call<Body>('POST', `/api/events/${eventId}/photos`, {
      as: attendee,
      body: { filename: 'tiny.jpg', objectPath: path, thumbPath: thumb },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain(PREMIUM_REQUIRED_MESSAGE);
    // Refused: neither the uploads nor a gallery copy stay.
    expect(await listFiles(`uploads/${eventId}/`)).toEqual([]);
    expect(await listFiles(`events/${eventId}/photos/`)).toEqual([]);
    expect(await listFiles(`events/${eventId}/thumbs/`)).toEqual([]);
  });

  it('uploads never recorded are swept after the time limit, recorded files never', async () => {
    const { eventId, attendee } = await eventWithRoles(stack);
    const kept = `uploads/${eventId}/photos/${attendee.uid}/kept.jpg`;
    await putObject(kept);
    await putObject(`uploads/${eventId}/photos/${attendee.uid}/left.jpg`);
    const saved = await stack.call<{ photo: Body }>('POST', `/api/events/${eventId}/photos`, {
      as: attendee,
      body: { filename: 'kept.jpg', objectPath: kept },
    });
    expect(saved.status).toBe(201);
    // Within the limit nothing goes.
    await sweepUnrecordedUploads(new Date(Date.now() + UNRECORDED_UPLOAD_TTL_MS - 60_000));
    expect(await listFiles(`uploads/${eventId}/`)).toEqual([
      `uploads/${eventId}/photos/${attendee.uid}/left.jpg`,
    ]);
    expect(
      await sweepUnrecordedUploads(new Date(Date.now() + UNRECORDED_UPLOAD_TTL_MS + 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await listFiles(`uploads/${eventId}/`)).toEqual([]);
    expect(await listFiles(`events/${eventId}/`)).toEqual([saved.body.photo.objectPath]);
  });

  it('refuses records for missing, foreign or non-image objects', async () => {
    const { eventId, admin, attendee, outsider } = await eventWithRoles(stack);
    const post = (as: typeof admin, body: Record<string, unknown>) =>
      stack.call<Body>('POST', `/api/events/${eventId}/photos`, { as, body });
    expect(
      await post(attendee, {
        filename: 'a.jpg',
        objectPath: `uploads/${eventId}/photos/${attendee.uid}/missing.jpg`,
      }),
    ).toEqual({
      status: 400,
      body: { error: 'The uploaded file was not found in storage' },
    });
    await putObject(`uploads/${eventId}/photos/${admin.uid}/theirs.jpg`);
    expect(
      (
        await post(attendee, {
          filename: 'a.jpg',
          objectPath: `uploads/${eventId}/photos/${admin.uid}/theirs.jpg`,
        })
      ).status,
    ).toBe(400);
    await putObject(`uploads/${eventId}/photos/${attendee.uid}/notes.txt`, 10, 'text/plain');
    expect(
      await post(attendee, {
        filename: 'notes.txt',
        objectPath: `uploads/${eventId}/photos/${attendee.uid}/notes.txt`,
      }),
    ).toEqual({
      status: 400,
      body: { error: 'You can only upload: image/*' },
    });
    expect(await post(attendee, { objectPath: 'x' })).toEqual({
      status: 400,
      body: { error: 'File name is required' },
    });
    expect(
      (
        await post(outsider, {
          filename: 'a.jpg',
          objectPath: `uploads/${eventId}/photos/${outsider.uid}/a.jpg`,
        })
      ).status,
    ).toBe(404);
  });

  it('enforces the photo limit per event (the plan named to the creator only) and deletes the unregistrable upload', async () => {
    const creator = newUser('photos');
    await login(stack, creator);
    const eventId = await createEvent(stack, creator);
    const batch = stack.db.batch();
    for (let i = 0; i < 100; i++) {
      const ref = stack.db.collection(`events/${eventId}/photos`).doc();
      batch.set(ref, {
        id: ref.id,
        eventId,
        uploadedBy: 'seed',
        size: 0,
        votes: 0,
        isFeatured: false,
        objectPath: `seed/${i}`,
        uploadedAt: Timestamp.now(),
      });
    }
    // Seeded past the functions: the counter moves with them, as the functions keep it.
    batch.update(stack.store.stats.photos(eventId), { total: FieldValue.increment(100) });
    await batch.commit();
    const guest = newUser('guest');
    await seedMember(stack.store, eventId, guest);
    const refused = async (who: typeof creator) => {
      const path = `uploads/${eventId}/photos/${who.uid}/one-too-many.jpg`;
      await putObject(path);
      const res = await stack.call<Body>('POST', `/api/events/${eventId}/photos`, {
        as: who,
        body: { filename: 'x.jpg', objectPath: path },
      });
      expect(res.status).toBe(403);
      // Neither the upload nor its gallery copy stays behind.
      expect(await listFiles(path)).toEqual([]);
      expect(await listFiles(`events/${eventId}/photos/${who.uid}/`)).toEqual([]);
      return res.body.error;
    };
    expect(await refused(creator)).toBe(
      `${PREMIUM_REQUIRED_MESSAGE}: the Free plan allows 100 photos per event`,
    );
    expect(await refused(guest)).toBe(
      `${PREMIUM_REQUIRED_MESSAGE}: this event cannot take more photos on its creator's plan`,
    );
    expect((await stack.store.photos(eventId).count().get()).data().count).toBe(100);
  });

  it('banner photo: admins set the event banner to their upload', async () => {
    const { eventId, admin, attendee } = await eventWithRoles(stack);
    const first = `events/${eventId}/banner/one.jpg`;
    const second = `events/${eventId}/banner/two.jpg`;
    await putObject(first);
    await putObject(second);
    const res = await stack.call<{ event: Body }>('POST', `/api/events/${eventId}/banner-photo`, {
      as: admin,
      body: { filename: 'one.jpg', objectPath: first, setBanner: true },
    });
    expect(res.status).toBe(200);
    expect((res.body.event.bannerSettings as Body).customBannerImage).toBe(first);
    // Its download URL is stored with it and serves the image.
    const bannerUrl = async () => (await stack.store.event(eventId).get()).data()?.bannerImageUrl;
    const firstUrl = await bannerUrl();
    expect(firstUrl).toContain(encodeURIComponent(first));
    expect((await fetch(String(firstUrl))).status).toBe(200);
    await stack.call('POST', `/api/events/${eventId}/banner-photo`, {
      as: admin,
      body: { filename: 'two.jpg', objectPath: second },
    });
    // The replaced banner file is deleted: nothing unreferenced stays behind.
    expect(await listFiles(`events/${eventId}/banner/`)).toEqual([second]);
    expect(await bannerUrl()).toContain(encodeURIComponent(second));

    // A settings write that points the banner elsewhere (rules allow admins that): the trigger's
    // refresh follows it, to the new object's URL or to null when there is no such object.
    const third = `events/${eventId}/banner/three.jpg`;
    await putObject(third);
    const pointAt = (path: string | null) =>
      stack.store.event(eventId).update({ 'bannerSettings.customBannerImage': path });
    await pointAt(third);
    await refreshBannerImageUrl(eventId);
    expect(await bannerUrl()).toContain(encodeURIComponent(third));
    await pointAt(`events/${eventId}/banner/missing.jpg`);
    await refreshBannerImageUrl(eventId);
    expect(await bannerUrl()).toBeNull();
    await pointAt(second);
    await refreshBannerImageUrl(eventId);
    await stack.call('POST', `/api/events/${eventId}/banner-photo`, {
      as: admin,
      body: { filename: 'two.jpg', objectPath: second, setBanner: false },
    });
    expect(await bannerUrl()).toBeNull();
    expect(
      await stack.call('POST', `/api/events/${eventId}/banner-photo`, {
        as: attendee,
        body: { filename: 'x.jpg', objectPath: second },
      }),
    ).toEqual({
      status: 403,
      body: { error: 'Only event admins can change the banner' },
    });
    expect(
      (
        await stack.call('POST', `/api/events/${eventId}/banner-photo`, {
          as: admin,
          body: { filename: 'x.jpg', objectPath: `events/${eventId}/photos/x.jpg` },
        })
      ).status,
    ).toBe(400);
  });
});
