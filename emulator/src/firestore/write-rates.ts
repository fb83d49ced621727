// Per-document write rates, the production limit the offline store does not enforce (Firestore
// sustains about one write per second to one document): every committed change is recorded
// with its time, and the report gives each document's peak over any 10-second window, hottest
// first. `GET /emulator/v1/projects/{p}:writeRates?limit=N` reads it, `DELETE` resets it.
//
// Minimal version for the reception bench (branch `reception`); the emulator's own report
// (branch `emulator-prod`) replaces this file at merge.

export const WINDOW_SECONDS = 10;

export interface DocumentWriteRate {
  path: string;
  peakWritesPerSecond: number;
  writes: number;
}

export interface WriteRateReport {
  windowSeconds: number;
  documents: DocumentWriteRate[];
}

/** Most writes inside any window of `windowMs` over ascending times. */
export function peakInWindow(times: readonly number[], windowMs: number): number {
  let peak = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] as number) - (times[start] as number) >= windowMs) start++;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}

export class WriteRates {
  private readonly times = new Map<string, number[]>();

  record(paths: readonly string[], atMs: number): void {
    for (const path of paths) {
      const list = this.times.get(path);
      if (list) list.push(atMs);
      else this.times.set(path, [atMs]);
    }
  }

  report(limit: number): WriteRateReport {
    const windowMs = WINDOW_SECONDS * 1000;
    const documents = [...this.times].map(([path, times]) => ({
      path,
      peakWritesPerSecond: peakInWindow(times, windowMs) / WINDOW_SECONDS,
      writes: times.length,
    }));
    documents.sort((a, b) => b.peakWritesPerSecond - a.peakWritesPerSecond || b.writes - a.writes);
    return { windowSeconds: WINDOW_SECONDS, documents: documents.slice(0, limit) };
  }

  reset(): void {
    this.times.clear();
  }
}
