// One process-wide monotonic clock. Commit times and snapshot read times come from it, so a
// read time never goes backwards and no two commits share a timestamp — SDKs assert both.
// It ticks in whole milliseconds (stepping ahead by 1 ms when several commits fall in the same
// millisecond) because the commit time is also the rules' request.time, which the rules engine
// holds as a Date: `request.time == serverTimestamp()` must compare equal, as in production.
import type { Timestamp } from '../shared/value.ts';

let lastMicros = 0;

export function nextTimestamp(): Timestamp {
  const now = Date.now() * 1000;
  lastMicros = Math.max(now, lastMicros + 1000);
  return { seconds: Math.floor(lastMicros / 1_000_000), nanos: (lastMicros % 1_000_000) * 1000 };
}

export function timestampMicros(ts: Timestamp): number {
  return ts.seconds * 1_000_000 + Math.floor(ts.nanos / 1000);
}
