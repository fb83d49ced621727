/**
 * Pages of the public API's long lists (docs/api.md, "Paging"): an event's photos (up to 10,000)
 * and members (up to 1,000) come `limit` at a time, each answer naming the next page with an
 * opaque `nextPageToken` (null on the last page). The token is the last item's place in the
 * list's order; its encoding is the server's (functions/src/paging.ts).
 */
import type { ParseResult } from '../schemas.ts';

export const API_PAGE_SIZE = { default: 100, max: 500 } as const;

/** A page as asked in the query string: `?limit=` and `?pageToken=`. */
export interface PageRequest {
  limit: number;
  /** From the previous answer; null: the first page. */
  pageToken: string | null;
}

/** An answer's page of a list: what follows is asked for with `nextPageToken`. */
export interface Paged {
  nextPageToken: string | null;
}

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${API_PAGE_SIZE.max}`;

/** The page a query string asks for; other parameters are left to their endpoint. */
export function parsePageRequest(query: URLSearchParams): ParseResult<PageRequest> {
  const limitText = query.get('limit');
  const pageToken = query.get('pageToken');
  let limit: number = API_PAGE_SIZE.default;
  if (limitText !== null) {
    if (!/^[0-9]{1,4}$/.test(limitText)) return { ok: false, errors: [LIMIT_MESSAGE] };
    limit = Number(limitText);
    if (limit < 1 || limit > API_PAGE_SIZE.max) return { ok: false, errors: [LIMIT_MESSAGE] };
  }
  if (pageToken === '') return { ok: false, errors: ['pageToken must not be empty'] };
  return { ok: true, value: { limit, pageToken } };
}
