// Per-person write budget (docs/decisions.md, "Write rate per person"): a token bucket per uid,
// held in the function instance's memory. A person may make WRITE_BURST changes at once (a
// phone uploading a whole album) and WRITE_REFILL_PER_S a second after that; a script that
// floods an event's writes is answered 429 long before it can spoil anything. Production runs
// at most `maxInstances` instances of `api` (runtime.ts), so a person's sustained rate is
// bounded by that many times the refill.

/** Changes a person may make at once. */
export const WRITE_BURST = 120;
/** Changes a person may make per second once the burst is spent. */
export const WRITE_REFILL_PER_S = 2;
/** Buckets kept before the fullest are forgotten (a full bucket is the same as none). */
const MAX_TRACKED = 10_000;

export const TOO_MANY_WRITES =
  'You are making changes faster than Gatherly allows. Please wait a moment and try again.';

interface Bucket {
  tokens: number;
  at: number;
}

export class WriteBudget {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly burst = WRITE_BURST,
    private readonly refillPerS = WRITE_REFILL_PER_S,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one write of `uid`: 0 when allowed, else the seconds until one is (Retry-After). */
  take(uid: string): number {
    const t = this.now();
    const previous = this.buckets.get(uid);
    const tokens = previous
      ? Math.min(this.burst, previous.tokens + ((t - previous.at) / 1000) * this.refillPerS)
      : this.burst;
    if (tokens < 1) {
      this.buckets.set(uid, { tokens, at: t });
      return Math.ceil((1 - tokens) / this.refillPerS);
    }
    // Re-inserted so the map's order is least recently used first.
    this.buckets.delete(uid);
    this.buckets.set(uid, { tokens: tokens - 1, at: t });
    if (this.buckets.size > MAX_TRACKED) this.forgetOldest();
    return 0;
  }

  /** Drops the least recently used bucket: after a while unused, it would be full again. */
  private forgetOldest(): void {
    const oldest = this.buckets.keys().next();
    if (!oldest.done) this.buckets.delete(oldest.value);
  }
}
