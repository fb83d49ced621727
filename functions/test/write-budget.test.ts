/** The per-person write budget (write-budget.ts), on its own clock and through the router. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TOO_MANY_WRITES, WRITE_BURST, WriteBudget } from '../src/write-budget.ts';
import { newUser, startStack, type Stack } from './harness.ts';

describe('WriteBudget', () => {
  it('allows a burst, then the refill rate, per person', () => {
    let now = 0;
    const budget = new WriteBudget(3, 2, () => now);
    expect([1, 2, 3].map(() => budget.take('a'))).toEqual([0, 0, 0]);
    expect(budget.take('a')).toBe(1); // empty: one write back in half a second, said as 1 s
    expect(budget.take('b')).toBe(0); // another person has their own
    now += 500;
    expect(budget.take('a')).toBe(0);
    expect(budget.take('a')).toBe(1);
    now += 60_000; // refilled, never above the burst
    expect([1, 2, 3].map(() => budget.take('a'))).toEqual([0, 0, 0]);
    expect(budget.take('a')).toBe(1);
  });
});

describe('the API', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers 429 past the burst, to that person only; reads are not counted', async () => {
    const flooder = newUser('flooder');
    const other = newUser('other');
    // Writes that change nothing (an event that does not exist), all at once.
    const write = (as: typeof flooder) =>
      stack.call<{ error?: string }>('PUT', '/api/events/nowhere/answers', {
        as,
        body: { answers: {} },
      });
    const replies = await Promise.all(
      Array.from({ length: WRITE_BURST + 20 }, () => write(flooder)),
    );
    const refused = replies.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(replies.length - refused.length).toBeLessThan(WRITE_BURST + 10);
    expect(refused[0]?.body).toEqual({ error: TOO_MANY_WRITES });
    expect(replies.filter((r) => r.status !== 429).every((r) => r.status === 404)).toBe(true);
    expect((await write(other)).status).toBe(404);
    const read = await stack.call('GET', '/api/user/subscription', { as: flooder });
    expect(read.status).not.toBe(429);
  });
});
