/**
 * One activity line per photo upload batch (docs/decisions.md, "Activity groups an upload
 * batch"): `POST /api/events/{e}/photos` with a `batchId` counts the photo into its batch's
 * entry in the record's transaction, `DELETE /api/events/{e}/photos/{id}` counts it out in the delete's,
 * so the count, the thumbnails and the entry's existence follow the photos exactly, also when
 * registrations and deletes of one batch race.
 */
import { readPhotoCounts } from '../src/services/photo-count.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import { eventWithRoles, login, putObject, seedMember } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

let fileSeq = 0;

/** Uploads an image and its thumbnail to the user's folders, then records it. */
async function upload(
  eventId: string,
  user: TestUser,
  extra: { batchId?: unknown; caption?: string } = {},
): Promise<string> {
  const name = `shot-${++fileSeq}.jpg`;
  const path = `uploads/${eventId}/photos/${user.uid}/${name}`;
  const thumb = `uploads/${eventId}/thumbs/${user.uid}/${name}`;
  await putObject(path);
  await putObject(thumb, 64);
  const res = await stack.call<{ photo: { id: string }; error?: string }>(
    'POST',
    `/api/events/${eventId}/photos`,
    { as: user, body: { filename: name, objectPath: path, thumbPath: thumb, ...extra } },
  );
  if (res.status !== 201) throw new Error(`upload ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.photo.id;
}

/** Uploads one after the other, so each is newer than the last. */
async function uploadSeries(
  eventId: string,
  user: TestUser,
  n: number,
  batchId: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await upload(eventId, user, { batchId }));
  return ids;
}

const entryOf = async (eventId: string, id: string) =>
  (await stack.store.activity(eventId).doc(id).get()).data();

const del = (eventId: string, photoId: string, as: TestUser) =>
  stack.call('DELETE', `/api/events/${eventId}/photos/${photoId}`, { as }).then((r) => r.status);

/** The batch entry against the oracle: the batch's photos as stored, newest first. */
async function expectBatchExact(eventId: string, user: TestUser, batchId: string) {
  const photos = (
    await stack.store
      .photos(eventId)
      .where('uploadedBy', '==', user.uid)
      .where('batchId', '==', batchId)
      .get()
  ).docs.map((d) => d.data());
  const entry = await entryOf(eventId, `photo:${user.uid}:${batchId}`);
  if (photos.length === 0) {
    expect(entry, 'no entry once the batch is empty').toBeUndefined();
    return;
  }
  // Thumbnails: 4 distinct photos of the batch. Which 4 follows the order the records were
  // committed in, and concurrent records take their upload time before they commit, so
  // "newest by uploadedAt" is not the oracle under a race.
  const ids = new Set(photos.map((p) => p.id));
  const shown = entry?.photos?.map((p) => p.id) ?? [];
  expect(entry?.count).toBe(photos.length);
  expect(new Set(shown).size).toBe(Math.min(4, photos.length));
  expect(shown.every((id) => ids.has(id))).toBe(true);
  expect(entry?.title).toBe(
    photos.length === 1
      ? `${user.name} uploaded a photo`
      : `${user.name} uploaded ${photos.length} photos`,
  );
}

describe('one feed line per upload batch', () => {
  it('a batch of 5 is one entry with count 5; deleting counts down and the last removes it', async () => {
    const { eventId, attendee, admin } = await eventWithRoles(stack);
    const ids = await uploadSeries(eventId, attendee, 5, 'batchFive');
    const feed = await stack.store.activity(eventId).where('kind', '==', 'photo').get();
    expect(feed.size).toBe(1);
    const id = `photo:${attendee.uid}:batchFive`;
    const entry = await entryOf(eventId, id);
    const stored = (await stack.store.photos(eventId).doc(ids[4]!).get()).data();
    expect(entry).toEqual({
      id,
      kind: 'photo',
      actor: { displayName: attendee.name, photoURL: '' },
      subjectId: `${attendee.uid}:batchFive`,
      title: `${attendee.name} uploaded 5 photos`,
      // The line sits at the batch's latest upload.
      at: stored?.uploadedAt,
      count: 5,
      photos: [4, 3, 2, 1].map((i) => ({
        id: ids[i],
        path: expect.stringMatching(new RegExp(`^events/${eventId}/thumbs/${attendee.uid}/`)),
        url: expect.stringContaining(encodeURIComponent(`events/${eventId}/thumbs/`)),
        caption: '',
      })),
    });
    expect(stored?.batchId).toBe('batchFive');

    // The oldest (not shown): 4 left, the same thumbnails.
    expect(await del(eventId, ids[0]!, attendee)).toBe(200);
    expect(await entryOf(eventId, id)).toMatchObject({
      count: 4,
      title: `${attendee.name} uploaded 4 photos`,
      photos: [4, 3, 2, 1].map((i) => ({ id: ids[i] })),
      at: stored?.uploadedAt,
    });
    // The newest, by an admin: the line keeps its uploader and time.
    expect(await del(eventId, ids[4]!, admin)).toBe(200);
    expect(await entryOf(eventId, id)).toMatchObject({
      count: 3,
      actor: { displayName: attendee.name },
      photos: [3, 2, 1].map((i) => ({ id: ids[i] })),
      at: stored?.uploadedAt,
    });
    expect(await del(eventId, ids[3]!, attendee)).toBe(200);
    expect(await del(eventId, ids[2]!, attendee)).toBe(200);
    expect((await entryOf(eventId, id))?.title).toBe(`${attendee.name} uploaded a photo`);
    expect(await del(eventId, ids[1]!, attendee)).toBe(200);
    expect(await entryOf(eventId, id)).toBeUndefined();
    expect((await stack.store.activity(eventId).where('kind', '==', 'photo').get()).size).toBe(0);
  });

  it('deleting a shown photo fills its place with the next newest of the batch', async () => {
    const { eventId, attendee } = await eventWithRoles(stack);
    const ids = await uploadSeries(eventId, attendee, 7, 'seven');
    const id = `photo:${attendee.uid}:seven`;
    expect((await entryOf(eventId, id))?.photos?.map((p) => p.id)).toEqual(
      [6, 5, 4, 3].map((i) => ids[i]),
    );
    expect(await del(eventId, ids[5]!, attendee)).toBe(200);
    expect((await entryOf(eventId, id))?.photos?.map((p) => p.id)).toEqual(
      [6, 4, 3, 2].map((i) => ids[i]),
    );
    expect(await del(eventId, ids[6]!, attendee)).toBe(200);
    expect(await entryOf(eventId, id)).toMatchObject({
      count: 5,
      photos: [4, 3, 2, 1].map((i) => ({ id: ids[i] })),
    });
    await expectBatchExact(eventId, attendee, 'seven');
  });

  it('without a batch id a photo is a batch of one with its caption, as before batches', async () => {
    const { eventId, attendee } = await eventWithRoles(stack);
    const a = await upload(eventId, attendee, { caption: 'Cake' });
    const b = await upload(eventId, attendee, { batchId: '' });
    expect(await entryOf(eventId, `photo:${a}`)).toMatchObject({
      subjectId: a,
      title: `${attendee.name} uploaded a photo: “Cake”`,
      count: 1,
      photos: [{ id: a, caption: 'Cake' }],
    });
    expect((await entryOf(eventId, `photo:${b}`))?.title).toBe(`${attendee.name} uploaded a photo`);
    expect((await stack.store.photos(eventId).doc(a).get()).data()).not.toHaveProperty('batchId');
    expect(await del(eventId, a, attendee)).toBe(200);
    expect(await entryOf(eventId, `photo:${a}`)).toBeUndefined();
    expect(await entryOf(eventId, `photo:${b}`)).toBeDefined();
  });

  it("a batch id is the uploader's own: someone else's same id is another line", async () => {
    const { eventId, attendee, admin } = await eventWithRoles(stack);
    await uploadSeries(eventId, attendee, 2, 'shared');
    await uploadSeries(eventId, admin, 3, 'shared');
    expect((await entryOf(eventId, `photo:${attendee.uid}:shared`))?.count).toBe(2);
    expect((await entryOf(eventId, `photo:${admin.uid}:shared`))?.count).toBe(3);
  });

  it('an entry written before batches (no count) goes with its photo', async () => {
    const { eventId, attendee } = await eventWithRoles(stack);
    const id = await upload(eventId, attendee);
    await stack.store
      .activity(eventId)
      .doc(`photo:${id}`)
      .set({
        id: `photo:${id}`,
        kind: 'photo',
        actor: { displayName: attendee.name, photoURL: '' },
        subjectId: id,
        title: `${attendee.name} uploaded a photo`,
        at: Timestamp.now(),
      });
    expect(await del(eventId, id, attendee)).toBe(200);
    expect(await entryOf(eventId, `photo:${id}`)).toBeUndefined();
  });

  it('the backfill writes the same lines the functions keep', async () => {
    const { backfillEvent } = await import('../src/services/backfill.ts');
    const { eventId, attendee, admin } = await eventWithRoles(stack);
    await uploadSeries(eventId, attendee, 6, 'party');
    await uploadSeries(eventId, admin, 2, 'party');
    await upload(eventId, attendee, { caption: 'Alone' });
    const photoLines = async () =>
      Object.fromEntries(
        (await stack.store.activity(eventId).where('kind', '==', 'photo').get()).docs.map((d) => [
          d.id,
          d.data(),
        ]),
      );
    const kept = await photoLines();
    expect(Object.keys(kept)).toHaveLength(3);
    await Promise.all(
      Object.keys(kept).map((id) => stack.store.activity(eventId).doc(id).delete()),
    );
    await backfillEvent(stack.store, eventId);
    expect(await photoLines()).toEqual(kept);
  });

  it('the backfill gives photos recorded before stored URLs the same URLs, and the lines too', async () => {
    const { backfillEvent } = await import('../src/services/backfill.ts');
    const { eventId, attendee } = await eventWithRoles(stack);
    const ids = await uploadSeries(eventId, attendee, 2, 'old');
    const urls = async () =>
      Promise.all(
        ids.map(async (id) => {
          const photo = (await stack.store.photos(eventId).doc(id).get()).data();
          return { url: photo?.url, thumbUrl: photo?.thumbUrl };
        }),
      );
    const recorded = await urls();
    const line = `photo:${attendee.uid}:old`;
    const lineUrls = async () => (await entryOf(eventId, line))?.photos?.map((p) => p.url);
    const recordedLine = await lineUrls();
    // As a photo recorded before the fields existed.
    for (const id of ids) {
      await stack.store.photos(eventId).doc(id).update({
        url: FieldValue.delete(),
        thumbUrl: FieldValue.delete(),
      });
    }
    await stack.store.activity(eventId).doc(line).delete();
    await backfillEvent(stack.store, eventId);
    expect(await urls()).toEqual(recorded);
    expect(recorded.every((u) => u.url?.startsWith('http') && u.thumbUrl?.startsWith('http'))).toBe(
      true,
    );
    expect(await lineUrls()).toEqual(recordedLine);
  });

  it('refuses a malformed batch id with a sentence and writes nothing', async () => {
    const { eventId, attendee } = await eventWithRoles(stack);
    for (const batchId of ['a/b', 'x'.repeat(65), 'a:b', 7]) {
      const path = `uploads/${eventId}/photos/${attendee.uid}/bad-${++fileSeq}.jpg`;
      await putObject(path);
      const res = await stack.call<{ error: string }>('POST', `/api/events/${eventId}/photos`, {
        as: attendee,
        body: { filename: 'bad.jpg', objectPath: path, batchId },
      });
      expect(res.status, String(batchId)).toBe(400);
      expect(res.body.error).toMatch(/batchId must be/);
    }
    expect((await stack.store.photos(eventId).get()).size).toBe(0);
    expect((await stack.store.activity(eventId).where('kind', '==', 'photo').get()).size).toBe(0);
  });

  it('concurrent registrations of one batch never lose a count; racing deletes neither', async () => {
    const { eventId, attendee } = await eventWithRoles(stack);
    const other = newUser('other uploader');
    await login(stack, other);
    await seedMember(stack.store, eventId, other);
    const started = Date.now();
    // 10 of one batch at once, with another member's batch racing on the same counters.
    const ids = await Promise.all([
      ...Array.from({ length: 10 }, () => upload(eventId, attendee, { batchId: 'burst' })),
      ...Array.from({ length: 4 }, () => upload(eventId, other, { batchId: 'burst' })),
    ]);
    console.log(`photo batches: 14 concurrent records in ${Date.now() - started} ms`);
    await expectBatchExact(eventId, attendee, 'burst');
    await expectBatchExact(eventId, other, 'burst');
    expect((await entryOf(eventId, `photo:${attendee.uid}:burst`))?.count).toBe(10);
    expect((await readPhotoCounts(eventId))?.total).toBe(14);

    // Deletes of shown and hidden photos racing more registrations of the same batch.
    const mine = ids.slice(0, 10);
    const statuses = await Promise.all([
      ...mine.slice(0, 7).map((id) => del(eventId, id, attendee)),
      ...Array.from({ length: 3 }, () =>
        upload(eventId, attendee, { batchId: 'burst' }).then(() => 201),
      ),
    ]);
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    await expectBatchExact(eventId, attendee, 'burst');
    expect((await entryOf(eventId, `photo:${attendee.uid}:burst`))?.count).toBe(6);

    // Everything else at once: the entry is gone, not left at a negative or stale count.
    const left = (
      await stack.store
        .photos(eventId)
        .where('uploadedBy', '==', attendee.uid)
        .where('batchId', '==', 'burst')
        .get()
    ).docs.map((d) => d.id);
    expect(
      (await Promise.all(left.map((id) => del(eventId, id, attendee)))).every((s) => s === 200),
    ).toBe(true);
    await expectBatchExact(eventId, attendee, 'burst');
    expect((await readPhotoCounts(eventId))?.total).toBe(4);
  });
});
