// The write-rate report: peak writes per second over any sliding 10-second window, per document.
import { describe, expect, it } from 'vitest';
import { WriteRates } from '../../src/firestore/write-rates.ts';

describe('write rates', () => {
  it('keeps the busiest 10-second window of each document, hottest first', () => {
    const rates = new WriteRates();
    // 3 writes/s for 20 s on the counter: any 10 s window holds 30.
    for (let ms = 0; ms < 20_000; ms += 1_000 / 3) rates.record(['events/e/stats/photos'], ms);
    // A burst of 12 within 2 s, then quiet, then 12 more 30 s later: the peak stays 12.
    for (let i = 0; i < 12; i++) rates.record(['events/e'], 100_000 + i * 150);
    for (let i = 0; i < 12; i++) rates.record(['events/e'], 130_000 + i * 150);
    rates.record(['events/e/photos/p1', 'events/e/photos/p1'], 140_000);
    expect(rates.report()).toEqual({
      windowSeconds: 10,
      documents: [
        { path: 'events/e/stats/photos', peakWritesPerSecond: 3, writes: 60 },
        { path: 'events/e', peakWritesPerSecond: 1.2, writes: 24 },
        { path: 'events/e/photos/p1', peakWritesPerSecond: 0.1, writes: 1 },
      ],
    });
    expect(rates.report(1).documents.map((d) => d.path)).toEqual(['events/e/stats/photos']);
  });

  it('counts a write exactly 10 s after another in a new window', () => {
    const rates = new WriteRates();
    rates.record(['a'], 0);
    rates.record(['a'], 10_000);
    rates.record(['a'], 19_999);
    expect(rates.report().documents[0]).toEqual({ path: 'a', peakWritesPerSecond: 0.2, writes: 3 });
  });

  it('resets', () => {
    const rates = new WriteRates();
    rates.record(['a'], 0);
    rates.clear();
    expect(rates.report().documents).toEqual([]);
  });
});
