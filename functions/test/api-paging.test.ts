/**
 * The public API's paged lists (docs/api.md, "Paging"): an event's photos, featured photos and
 * members come `limit` at a time; following `nextPageToken` returns every item exactly once, in
 * order, whatever the ties in time; a bad limit or token is a 400 sentence.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_PAGE_SIZE } from '@gatherly/domain/api/paging';
import { createEvent, grantApiAccess, seedMember } from './fixtures.ts';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

interface Listed {
  id: string;
  userVoted?: boolean;
}
type Page = Partial<Record<'photos' | 'members', Listed[]>> & { nextPageToken: string | null };

/** Every page of `path` at `limit`, in order: the ids and how many pages it took. */
async function readAll(path: string, as: TestUser, key: 'photos' | 'members', limit: number) {
  const items: Listed[] = [];
  let token: string | null = null;
  let pages = 0;
  do {
    const query: string = `?limit=${limit}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
    const res: { status: number; body: Page } = await stack.call<Page>('GET', path + query, { as });
    expect(res.status).toBe(200);
    const page = res.body[key] ?? [];
    expect(page.length).toBeLessThanOrEqual(limit);
    items.push(...page);
    token = res.body.nextPageToken;
    pages++;
  } while (token !== null && pages < 100);
  return { items, pages };
}

describe('paged lists of the public API', () => {
  it('photos and featured photos: every photo once, newest first, ties in time included', async () => {
    const creator = newUser('host');
    await grantApiAccess(stack, creator);
    const eventId = await createEvent(stack, creator);
    // 231 photos in threes: two at the very same time (the id breaks the tie) and, with the
    // lowest id, one a microsecond later in the same millisecond: a page ending on it (the
    // first page) must not skip the other two, as a cursor in milliseconds would.
    const base = Timestamp.now().seconds - 10_000;
    const times = Array.from(
      { length: 231 },
      (_, i) => new Timestamp(base + Math.floor(i / 3), 5_000_000 + (i % 3 === 0 ? 1000 : 0)),
    );
    const photos = stack.store.photos(eventId);
    const batch = stack.db.batch();
    times.forEach((uploadedAt, i) => {
      const id = `p${String(i).padStart(3, '0')}`;
      batch.set(photos.doc(id), {
        id,
        eventId,
        uploadedBy: creator.uid,
        uploadedByUser: { displayName: creator.name, photoURL: '' },
        filename: `${id}.jpg`,
        objectPath: `events/${eventId}/photos/${creator.uid}/${id}.jpg`,
        thumbPath: '',
        url: '',
        thumbUrl: '',
        caption: '',
        size: 1,
        contentType: 'image/jpeg',
        votes: 0,
        isFeatured: i % 10 === 0,
        uploadedAt,
      });
    });
    await batch.commit();
    // The caller's vote on a photo of a later page still shows as theirs.
    await stack.store.votes(eventId, 'p010').doc(creator.uid).set({
      id: creator.uid,
      eventId,
      photoId: 'p010',
      userId: creator.uid,
      votedAt: Timestamp.now(),
    });
    // Newest first; at the same time, the greater id first (the order continues descending).
    const expected = times
      .map((at, i) => ({ at, id: `p${String(i).padStart(3, '0')}` }))
      .sort(
        (a, b) =>
          b.at.seconds - a.at.seconds ||
          b.at.nanoseconds - a.at.nanoseconds ||
          (a.id < b.id ? 1 : -1),
      )
      .map((p) => p.id);
    const all = await readAll(`/api/events/${eventId}/photos`, creator, 'photos', 100);
    expect(all.pages).toBe(3);
    expect(all.items.map((p) => p.id)).toEqual(expected);
    expect(all.items.find((p) => p.id === 'p010')?.userVoted).toBe(true);
    expect(all.items.filter((p) => p.userVoted)).toHaveLength(1);

    const featured = await readAll(`/api/events/${eventId}/photos/featured`, creator, 'photos', 7);
    expect(featured.items.map((p) => p.id)).toEqual(
      expected.filter((id) => Number(id.slice(1)) % 10 === 0),
    );
    expect(featured.pages).toBe(4);

    // Without a limit, the default page size.
    const first = await stack.call<{ photos: Listed[]; nextPageToken: string | null }>(
      'GET',
      `/api/events/${eventId}/photos`,
      { as: creator },
    );
    expect(first.body.photos).toHaveLength(API_PAGE_SIZE.default);
    expect(first.body.nextPageToken).toEqual(expect.any(String));
  }, 120_000);

  it('members: every member once, in joining order', async () => {
    const creator = newUser('host');
    await grantApiAccess(stack, creator);
    const eventId = await createEvent(stack, creator);
    const guests = Array.from({ length: 23 }, () => newUser('guest'));
    for (const g of guests) await seedMember(stack.store, eventId, g);
    const all = await readAll(`/api/events/${eventId}/members`, creator, 'members', 5);
    expect(all.pages).toBe(5);
    expect(all.items.map((m) => m.id)).toEqual([creator.uid, ...guests.map((g) => g.uid)]);
  }, 120_000);

  it('a bad limit or page token is a 400 sentence', async () => {
    const creator = newUser('host');
    await grantApiAccess(stack, creator);
    const eventId = await createEvent(stack, creator);
    const path = `/api/events/${eventId}/photos`;
    for (const [query, error] of [
      ['?limit=0', 'limit must be a whole number from 1 to 500'],
      ['?limit=501', 'limit must be a whole number from 1 to 500'],
      ['?limit=ten', 'limit must be a whole number from 1 to 500'],
      ['?limit=-1', 'limit must be a whole number from 1 to 500'],
      ['?pageToken=', 'pageToken must not be empty'],
      ['?pageToken=not-a-token', 'Invalid pageToken'],
      [`?pageToken=${Buffer.from('[1,2]').toString('base64url')}`, 'Invalid pageToken'],
      [`?pageToken=${Buffer.from('[1e30,0,"x"]').toString('base64url')}`, 'Invalid pageToken'],
      [`?pageToken=${Buffer.from('[1,1e9,"x"]').toString('base64url')}`, 'Invalid pageToken'],
    ] as const) {
      const res = await stack.call('GET', path + query, { as: creator });
      expect({ query, status: res.status, body: res.body }).toEqual({
        query,
        status: 400,
        body: { error },
      });
    }
  });
});
