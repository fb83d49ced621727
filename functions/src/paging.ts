// The public API's page tokens (domain/src/api/paging.ts): a page ends at its last item's place
// in the list's order, `(time, document id)`, and the next page starts after it. The token is
// that place in base64url JSON; a token that does not decode is the caller's mistake (400).
import { Timestamp, type Query } from 'firebase-admin/firestore';
import type { Paged, PageRequest } from '@gatherly/domain/api/paging';
import { badRequest } from './http.ts';

interface Place {
  /** The order field's time, whole (Firestore keeps microseconds: milliseconds would skip). */
  at: Timestamp;
  id: string;
}

function encode(place: Place): string {
  const { seconds, nanoseconds } = place.at;
  return Buffer.from(JSON.stringify([seconds, nanoseconds, place.id])).toString('base64url');
}

function decode(token: string): Place {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [seconds, nanoseconds, id]: unknown[] = value;
      if (
        Number.isSafeInteger(seconds) &&
        Number.isInteger(nanoseconds) &&
        typeof nanoseconds === 'number' &&
        nanoseconds >= 0 &&
        nanoseconds < 1e9 &&
        typeof seconds === 'number' &&
        typeof id === 'string' &&
        id !== ''
      ) {
        return { at: new Timestamp(seconds, nanoseconds), id };
      }
    }
  } catch {
    // not JSON: refused below
  }
  throw badRequest('Invalid pageToken');
}

/**
 * One page of `query`, which must order by `timeField` (descending or ascending) and then by
 * document id in the same direction: `limit` documents after the token's place, and the next
 * page's token (one extra document read says whether there is one).
 */
export async function readPage<T>(
  query: Query<T>,
  timeOf: (item: T) => Timestamp,
  page: PageRequest,
): Promise<{ items: { id: string; data: T }[] } & Paged> {
  let q = query;
  if (page.pageToken !== null) {
    const place = decode(page.pageToken);
    q = q.startAfter(place.at, place.id);
  }
  const snap = await q.limit(page.limit + 1).get();
  const items = snap.docs.slice(0, page.limit).map((d) => ({ id: d.id, data: d.data() }));
  const last = items[items.length - 1];
  const more = snap.docs.length > page.limit && last !== undefined;
  return {
    items,
    nextPageToken: more ? encode({ at: timeOf(last.data), id: last.id }) : null,
  };
}
