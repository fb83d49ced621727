// Committed writes per document path, for finding hot documents: production sustains about one
// write per second to a document, so a design that writes one document on every guest's upload
// or vote shows here as a high peak. Each path keeps its total and the commit times still inside
// the sliding window, and the largest number of writes any window held; a commit costs O(1)
// amortised per written document.

export const WINDOW_SECONDS = 10;
const WINDOW_MS = WINDOW_SECONDS * 1_000;

interface PathRate {
  writes: number;
  /** Commit times (ms) within the last window, oldest first; `head` skips the expired ones. */
  recent: number[];
  head: number;
  peakInWindow: number;
}

export interface DocumentWriteRate {
  path: string;
  /** The most writes any WINDOW_SECONDS-long window held, per second. */
  peakWritesPerSecond: number;
  writes: number;
}

export interface WriteRateReport {
  windowSeconds: number;
  documents: DocumentWriteRate[];
}

export class WriteRates {
  private readonly paths = new Map<string, PathRate>();

  /** Counts one committed write to each path (a commit writing a document twice counts once). */
  record(paths: Iterable<string>, nowMs: number = Date.now()): void {
    for (const path of new Set(paths)) {
      let rate = this.paths.get(path);
      if (!rate) {
        rate = { writes: 0, recent: [], head: 0, peakInWindow: 0 };
        this.paths.set(path, rate);
      }
      rate.writes++;
      rate.recent.push(nowMs);
      while ((rate.recent[rate.head] as number) <= nowMs - WINDOW_MS) rate.head++;
      if (rate.head > 1_024 && rate.head * 2 > rate.recent.length) {
        rate.recent = rate.recent.slice(rate.head);
        rate.head = 0;
      }
      rate.peakInWindow = Math.max(rate.peakInWindow, rate.recent.length - rate.head);
    }
  }

  /** The hottest documents first (by peak, then by total writes, then by path). */
  report(limit?: number): WriteRateReport {
    const documents = [...this.paths.entries()]
      .map(([path, rate]) => ({
        path,
        peakWritesPerSecond: rate.peakInWindow / WINDOW_SECONDS,
        writes: rate.writes,
      }))
      .sort(
        (a, b) =>
          b.peakWritesPerSecond - a.peakWritesPerSecond ||
          b.writes - a.writes ||
          (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
      );
    return {
      windowSeconds: WINDOW_SECONDS,
      documents: limit === undefined ? documents : documents.slice(0, limit),
    };
  }

  clear(): void {
    this.paths.clear();
  }
}
