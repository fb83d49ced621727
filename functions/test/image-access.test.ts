import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { imageAccessOnMemberRemoved } from '../src/index.ts';
import { rotateImageTokens } from '../src/services/image-access.ts';
import { startStack, type Stack } from './harness.ts';
import { eventWithRoles, grantApiAccess, putObject } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown>;

/** What a browser without any sign-in gets for a URL. */
const fetched = async (url: unknown) => (await fetch(String(url))).status;

describe('image access ends with the membership', () => {
  it('the trigger runs on every ended membership', () => {
    // A v2 function declares what it listens to; the deploy reads this endpoint.
    const endpoint = (imageAccessOnMemberRemoved as unknown as { __endpoint: Body }).__endpoint;
    expect(endpoint).toMatchObject({
      eventTrigger: {
        eventType: 'google.cloud.firestore.document.v1.deleted',
        eventFilterPathPatterns: { document: 'events/{eventId}/members/{uid}' },
        retry: true,
      },
    });
  });

  it("a removed member's photo, thumbnail, feed and banner URLs stop working; members get new ones", async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    const upload = `uploads/${eventId}/photos/${admin.uid}/party.jpg`;
    const thumb = `uploads/${eventId}/thumbs/${admin.uid}/party.jpg`;
    await putObject(upload, 1200);
    await putObject(thumb, 120);
    const saved = await stack.call<{ photo: Body }>('POST', `/api/events/${eventId}/photos`, {
      as: admin,
      body: { filename: 'party.jpg', objectPath: upload, thumbPath: thumb },
    });
    expect(saved.status).toBe(201);
    const photoId = String(saved.body.photo.id);
    const banner = `events/${eventId}/banner/b.jpg`;
    await putObject(banner);
    expect(
      (
        await stack.call('POST', `/api/events/${eventId}/banner-photo`, {
          as: admin,
          body: { filename: 'b.jpg', objectPath: banner },
        })
      ).status,
    ).toBe(200);

    // What the attendee's screens held while a member.
    const photo = (await stack.store.photos(eventId).doc(photoId).get()).data()!;
    const feed = (await stack.store.activity(eventId).where('kind', '==', 'photo').get()).docs;
    const feedUrl = feed[0]?.data().photos?.[0]?.url;
    const bannerUrl = (await stack.store.event(eventId).get()).data()?.bannerImageUrl;
    const seen = [photo.url, photo.thumbUrl, feedUrl, bannerUrl];
    for (const url of seen) expect(await fetched(url)).toBe(200);

    expect(
      (
        await stack.call('DELETE', `/api/events/${eventId}/members/${attendee.uid}`, {
          as: creator,
        })
      ).status,
    ).toBe(200);
    // What the trigger on the membership's deletion runs.
    expect(await rotateImageTokens(eventId)).toEqual({ photos: 1, feedLines: 1, banner: true });

    for (const url of seen) expect(await fetched(url)).not.toBe(200);
    const after = (await stack.store.photos(eventId).doc(photoId).get()).data()!;
    const afterFeed = (await stack.store.activity(eventId).doc(feed[0]!.id).get()).data();
    const afterBanner = (await stack.store.event(eventId).get()).data()?.bannerImageUrl;
    const fresh = [after.url, after.thumbUrl, afterFeed?.photos?.[0]?.url, afterBanner];
    for (const [i, url] of fresh.entries()) {
      expect(url).not.toBe(seen[i]);
      expect(await fetched(url)).toBe(200);
    }
    // Members' own reads go on as before.
    await grantApiAccess(stack, admin);
    const listed = await stack.call<{ photos: Body[] }>('GET', `/api/events/${eventId}/photos`, {
      as: admin,
    });
    expect(listed.body.photos[0]).toMatchObject({ id: photoId, url: after.url });
  });

  it('an event being deleted is left to its cascade; a second rotation changes the URLs again', async () => {
    const { eventId, admin } = await eventWithRoles(stack);
    const upload = `uploads/${eventId}/photos/${admin.uid}/a.jpg`;
    await putObject(upload);
    await stack.call('POST', `/api/events/${eventId}/photos`, {
      as: admin,
      body: { filename: 'a.jpg', objectPath: upload },
    });
    const urlNow = async () =>
      (await stack.store.photos(eventId).where('uploadedBy', '==', admin.uid).get()).docs[0]?.data()
        .url;
    const first = await urlNow();
    await rotateImageTokens(eventId);
    const second = await urlNow();
    expect(second).not.toBe(first);
    expect(await fetched(second)).toBe(200);
    await stack.store.event(eventId).update({ deleting: true });
    expect(await rotateImageTokens(eventId)).toEqual({ photos: 0, feedLines: 0, banner: false });
    expect(await urlNow()).toBe(second);
  });
});
