// One process-wide monotonic clock. Commit times are whole milliseconds (so a serverTimestamp()
// equals the rules' request.time, which has millisecond precision) and strictly increasing, and
// strictly later than any read time already handed out; read times never go backwards. SDKs
// assert both, and a snapshot at read time R then really holds every commit up to R.
import type { Timestamp } from '../shared/value.ts';

let lastCommitMs = 0;
let lastReadMs = 0;

function fromMillis(ms: number): Timestamp {
  return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 };
}

export function commitTimestamp(): Timestamp {
  lastCommitMs = Math.max(Date.now(), lastCommitMs + 1, lastReadMs + 1);
  return fromMillis(lastCommitMs);
}

export function readTimestamp(): Timestamp {
  lastReadMs = Math.max(Date.now(), lastCommitMs, lastReadMs);
  return fromMillis(lastReadMs);
}

export function timestampMillis(ts: Timestamp): number {
  return ts.seconds * 1000 + Math.floor(ts.nanos / 1_000_000);
}
