// Calls in flight at once for the API benches (BENCH_IN_FLIGHT, default 6). The phones act at
// their planned times; the local Functions emulator runs one call per worker process and starts a
// worker for each concurrent call, which on a 2-core machine turns a room of simultaneous calls
// into a storm of process starts (production runs 80 calls per instance: README, "Deploying").
// Calls beyond the limit wait for a slot, and the wait is kept apart from the latency.

export const IN_FLIGHT = Math.max(1, Number(process.env.BENCH_IN_FLIGHT ?? 6));

export class CallSlots {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  /** How long each call waited for its slot, in ms. */
  readonly waits: number[] = [];

  constructor(readonly limit = IN_FLIGHT) {}

  async run<T>(call: () => Promise<T>): Promise<T> {
    const asked = performance.now();
    if (this.inFlight >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    this.inFlight++;
    this.waits.push(performance.now() - asked);
    try {
      return await call();
    } finally {
      this.inFlight--;
      this.waiting.shift()?.();
    }
  }
}
