// Pieces of `request` shared by the Firestore and Storage evaluators, and the per-request
// document reader that enforces the documented limit on get()/exists() calls.

import type { DocumentSource } from '../shared/value.ts';
import type { RulesHost } from './compile.ts';
import {
  FIRESTORE_ROOT,
  RMap,
  RPath,
  RTimestamp,
  type Value,
  documentResource,
  fail,
  fromJs,
} from './values.ts';

export interface RulesAuth {
  uid: string;
  token: Record<string, unknown>;
}

// Rule values are immutable, so a caller that reuses its RulesAuth object (one per connection)
// pays for the token conversion once.
const authCache = new WeakMap<RulesAuth, RMap>();

export function authValue(auth: RulesAuth | null): Value {
  if (!auth) return null;
  const cached = authCache.get(auth);
  if (cached) return cached;
  const token = fromJs(auth.token);
  const value = new RMap(
    new Map<string, Value>([
      ['uid', auth.uid],
      ['token', token instanceof RMap ? token : new RMap(new Map())],
    ]),
  );
  authCache.set(auth, value);
  return value;
}

export function timeValue(time: Date): RTimestamp {
  return RTimestamp.fromMillis(time.getTime());
}

/** Default per-request limit on distinct documents read by rules (20 for batched writes). */
export const DEFAULT_MAX_DOCUMENT_ACCESSES = 10;

/** Reads documents for rules, caching repeats (they count once) and enforcing the limit. */
export class DocumentReader implements RulesHost {
  private readonly seen = new Map<string, Value>();

  constructor(
    readonly service: 'cloud.firestore' | 'firebase.storage',
    private readonly before: DocumentSource,
    private readonly after: DocumentSource | null,
    private readonly limit: number,
  ) {}

  getDocument(path: RPath, after: boolean): Value {
    const segs = path.segments;
    if (
      segs.length < 5 ||
      segs[0] !== 'databases' ||
      segs[2] !== 'documents' ||
      (segs.length - 3) % 2 !== 0
    ) {
      return fail(
        `'${path.toString()}' is not a document path (expected /databases/(default)/documents/<collection>/<id>...)`,
      );
    }
    if (segs[1] !== FIRESTORE_ROOT[1])
      return fail(`not supported: reading from database '${segs[1]}' (only (default))`);
    const docPath = segs.slice(3).join('/');
    const key = (after ? 'A' : 'B') + docPath;
    const cached = this.seen.get(key);
    if (cached !== undefined) return cached;
    if (this.seen.size >= this.limit) {
      return fail(
        `exceeded the maximum of ${this.limit} document accesses (get/exists/getAfter/existsAfter) per request`,
      );
    }
    const source = after ? this.after : this.before;
    if (!source) return fail('getAfter()/existsAfter() are only available for writes');
    const doc = source.get(docPath);
    const v = doc ? documentResource(doc) : null;
    this.seen.set(key, v);
    return v;
  }
}
