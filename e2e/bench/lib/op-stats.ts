// Per-operation figures of the reception bench: throughput, latency percentiles, and outcomes
// told apart into successes, refusals the product makes by design (a full carpool, the Free
// plan's photo cap) and failures (anything else: the goal is none).

export interface Outcome {
  /** HTTP status, or 0 when no answer came. */
  status: number;
  /** The server's `error` sentence, or what went wrong on the way. */
  message: string;
}

export interface OpFigures {
  op: string;
  count: number;
  ok: number;
  refused: number;
  failed: number;
  perSecond: number;
  p50: number;
  p95: number;
  max: number;
  /** "status: message" → how many, for refusals and failures. */
  refusals: Record<string, number>;
  failures: Record<string, number>;
}

/** The value at quantile q (0..1) of ascending values, nearest rank; 0 when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] as number;
}

export class OpRecorder {
  private readonly latencies = new Map<string, number[]>();
  private readonly outcomes = new Map<
    string,
    { ok: number; refusals: Map<string, number>; failures: Map<string, number> }
  >();

  private entry(op: string) {
    let e = this.outcomes.get(op);
    if (!e) {
      e = { ok: 0, refusals: new Map(), failures: new Map() };
      this.outcomes.set(op, e);
      this.latencies.set(op, []);
    }
    return e;
  }

  record(op: string, ms: number, outcome: 'ok' | { refused: Outcome } | { failed: Outcome }) {
    const e = this.entry(op);
    this.latencies.get(op)!.push(ms);
    if (outcome === 'ok') e.ok++;
    else {
      const [map, o] =
        'refused' in outcome ? [e.refusals, outcome.refused] : [e.failures, outcome.failed];
      const key = `${o.status}: ${o.message}`;
      map.set(key, (map.get(key) ?? 0) + 1);
    }
  }

  figures(seconds: number): OpFigures[] {
    return [...this.outcomes].map(([op, e]) => {
      const sorted = [...this.latencies.get(op)!].sort((a, b) => a - b);
      const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
      return {
        op,
        count: sorted.length,
        ok: e.ok,
        refused: sum(e.refusals),
        failed: sum(e.failures),
        perSecond: seconds > 0 ? sorted.length / seconds : 0,
        p50: quantile(sorted, 0.5),
        p95: quantile(sorted, 0.95),
        max: sorted.at(-1) ?? 0,
        refusals: Object.fromEntries(e.refusals),
        failures: Object.fromEntries(e.failures),
      };
    });
  }

  get failureCount(): number {
    let n = 0;
    for (const e of this.outcomes.values()) for (const v of e.failures.values()) n += v;
    return n;
  }
}
