// One process-wide monotonic clock at microsecond resolution (Firestore's precision). Commit
// times and snapshot read times come from it, so a read time never goes backwards and no two
// commits share a timestamp — SDKs assert both.
import type { Timestamp } from '../shared/value.ts';

let lastMicros = 0;

export function nextTimestamp(): Timestamp {
  const now = Date.now() * 1000;
  lastMicros = Math.max(now, lastMicros + 1);
  return { seconds: Math.floor(lastMicros / 1_000_000), nanos: (lastMicros % 1_000_000) * 1000 };
}

export function timestampMicros(ts: Timestamp): number {
  return ts.seconds * 1_000_000 + Math.floor(ts.nanos / 1000);
}
