// Document locks as production takes them: transaction reads share, writes exclude, first come
// first served, wound-wait between transactions (an older one never waits for a younger one).
import { describe, expect, it } from 'vitest';
import { LockManager } from '../../src/firestore/locks.ts';

/** Owners named by age: 'T1' is older than 'T2'. */
const byName = (owner: string) => Number(owner.slice(1));

function manager() {
  const wounded: string[] = [];
  const locks = new LockManager(60_000, byName);
  const take = (owner: string, mode: 'shared' | 'exclusive', ...paths: string[]) => {
    let done = false;
    const promise = locks
      .acquire(owner, paths, mode, (victim) => wounded.push(victim))
      .then(() => {
        done = true;
      });
    return { promise, done: () => done };
  };
  return { locks, take, wounded };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('lock manager', () => {
  it('lets readers share a document', async () => {
    const { take, wounded } = manager();
    const a = take('T1', 'shared', 'events/e');
    const b = take('T2', 'shared', 'events/e');
    const c = take('T3', 'shared', 'events/e');
    await tick();
    expect([a.done(), b.done(), c.done()]).toEqual([true, true, true]);
    expect(wounded).toEqual([]);
  });

  it('keeps a younger writer out until the older readers end', async () => {
    const { locks, take, wounded } = manager();
    await take('T1', 'shared', 'd').promise;
    await take('T2', 'shared', 'd').promise;
    const writer = take('T3', 'exclusive', 'd');
    await tick();
    expect(writer.done()).toBe(false);
    locks.release('T1');
    await tick();
    expect(writer.done()).toBe(false);
    locks.release('T2');
    await tick();
    expect(writer.done()).toBe(true);
    expect(wounded).toEqual([]);
  });

  it('queues new readers behind a waiting writer (the writer is not starved)', async () => {
    const { locks, take } = manager();
    await take('T1', 'shared', 'd').promise;
    const writer = take('T2', 'exclusive', 'd');
    const reader = take('T3', 'shared', 'd');
    await tick();
    expect([writer.done(), reader.done()]).toEqual([false, false]);
    locks.release('T1');
    await tick();
    expect([writer.done(), reader.done()]).toEqual([true, false]);
    locks.release('T2');
    await tick();
    expect(reader.done()).toBe(true);
  });

  it('wounds younger readers when an older transaction writes (wound-wait)', async () => {
    const { take, wounded } = manager();
    await take('T1', 'shared', 'd').promise;
    await take('T2', 'shared', 'd').promise;
    await take('T3', 'shared', 'd').promise;
    const upgrade = take('T1', 'exclusive', 'd');
    await tick();
    expect(upgrade.done()).toBe(true);
    expect(wounded.sort()).toEqual(['T2', 'T3']);
  });

  it('breaks the upgrade deadlock of two readers that both write: the younger waits', async () => {
    const { locks, take, wounded } = manager();
    await take('T1', 'shared', 'd').promise;
    await take('T2', 'shared', 'd').promise;
    const young = take('T2', 'exclusive', 'd'); // waits for the older T1
    await tick();
    expect(young.done()).toBe(false);
    const old = take('T1', 'exclusive', 'd'); // wounds T2 instead of waiting for it
    await tick();
    expect(old.done()).toBe(true);
    expect(wounded).toEqual(['T2']);
    locks.release('T1');
    await tick();
    expect(young.done()).toBe(true); // its commit then fails validation: it was wounded
  });

  it('never leaves transactions waiting on each other in a cycle', async () => {
    // 30 transactions lock random documents of 5 in random modes and order; each either gets
    // every lock or is wounded. Releasing the wounded and the finished must let all finish.
    const { locks, take, wounded } = manager();
    const docs = ['a', 'b', 'c', 'd', 'e'];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const runs = Array.from({ length: 30 }, (_, i) => {
      const owner = `T${i + 1}`;
      const paths = docs.filter(() => random() < 0.5);
      const mode = random() < 0.5 ? ('shared' as const) : ('exclusive' as const);
      return { owner, request: take(owner, mode, ...paths) };
    });
    for (let round = 0; round < 60; round++) {
      await tick();
      for (const run of runs) {
        if (run.request.done() || wounded.includes(run.owner)) locks.release(run.owner);
      }
    }
    expect(runs.filter((r) => !r.request.done()).map((r) => r.owner)).toEqual([]);
  });
});
