import { describe, expect, it } from 'vitest';
import { WriteRates, peakInWindow } from '../../src/firestore/write-rates.ts';

describe('write rates', () => {
  it('finds the busiest 10-second window', () => {
    expect(peakInWindow([], 10_000)).toBe(0);
    expect(peakInWindow([0, 9_999], 10_000)).toBe(2);
    expect(peakInWindow([0, 10_000], 10_000)).toBe(1);
    expect(peakInWindow([0, 1, 2, 20_000, 20_001, 20_002, 20_003], 10_000)).toBe(4);
  });

  it('reports documents hottest first, limited, and resets', () => {
    const rates = new WriteRates();
    for (let i = 0; i < 30; i++) rates.record(['hot'], i * 100);
    rates.record(['cold', 'hot'], 60_000);
    rates.record(['cold'], 61_000);
    const report = rates.report(1);
    expect(report).toEqual({
      windowSeconds: 10,
      documents: [{ path: 'hot', peakWritesPerSecond: 3, writes: 31 }],
    });
    expect(rates.report(5).documents.map((d) => d.path)).toEqual(['hot', 'cold']);
    rates.reset();
    expect(rates.report(5).documents).toEqual([]);
  });
});
