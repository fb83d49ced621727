import { describe, expect, it } from 'vitest';
import { OpRecorder, quantile } from './op-stats.ts';

describe('reception bench figures', () => {
  it('quantiles by nearest rank', () => {
    expect(quantile([], 0.5)).toBe(0);
    expect(quantile([7], 0.95)).toBe(7);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(hundred, 0.5)).toBe(50);
    expect(quantile(hundred, 0.95)).toBe(95);
    expect(quantile(hundred, 1)).toBe(100);
  });

  it('tells successes, refusals by design and failures apart', () => {
    const r = new OpRecorder();
    r.record('vote', 10, 'ok');
    r.record('vote', 30, 'ok');
    r.record('join', 20, { refused: { status: 409, message: 'Carpool is full' } });
    r.record('join', 40, { refused: { status: 409, message: 'Carpool is full' } });
    r.record('join', 50, { failed: { status: 503, message: 'Busy' } });
    const [vote, join] = r.figures(10);
    expect(vote).toMatchObject({ op: 'vote', count: 2, ok: 2, failed: 0, perSecond: 0.2, max: 30 });
    expect(join).toMatchObject({
      count: 3,
      ok: 0,
      refused: 2,
      failed: 1,
      p50: 40,
      refusals: { '409: Carpool is full': 2 },
      failures: { '503: Busy': 1 },
    });
    expect(r.failureCount).toBe(1);
  });
});
