// Document locks for read-write transactions and writes, as Firestore takes them: a
// transaction's reads lock the documents read until it commits or rolls back; other
// transactions reading them, and commits writing them, wait their turn. Contending
// read-modify-write transactions thus run one after another instead of aborting each other.
//
// A released lock passes to exactly one waiter, the first in line (handing it to several at once
// left them each believing they held it, and waiting on each other until the stall timeout).
// Deadlocks between transactions are avoided by wound-wait: a transaction that needs a lock a
// younger transaction holds takes it at once and the younger one is doomed to abort (the SDK
// retries it); a younger one waits. A holder that keeps a lock `timeoutMs` while others wait
// (a client that vanished mid-transaction) loses it the same way. Commit-time validation
// guarantees serializability whatever happens to locks.

interface Waiter {
  owner: string;
  onTakeover: (holder: string) => void;
  grant: () => void;
}

interface Lock {
  holder: string | null;
  /** When the current holder got the lock (the stall clock restarts on every hand-over). */
  since: number;
  queue: Waiter[];
  timer: NodeJS.Timeout | null;
}

export class LockManager {
  private readonly locks = new Map<string, Lock>();
  private readonly heldBy = new Map<string, Set<string>>();
  /** Lock hand-overs forced by wound-wait or the stall timeout (diagnostics, tests). */
  takeovers = 0;

  /** @param age the order an owner started in (smaller = older); null: unknown, it waits. */
  constructor(
    readonly timeoutMs: number,
    private readonly age: (owner: string) => number | null = () => null,
  ) {}

  private lock(path: string): Lock {
    let lock = this.locks.get(path);
    if (!lock) {
      lock = { holder: null, since: 0, queue: [], timer: null };
      this.locks.set(path, lock);
    }
    return lock;
  }

  private give(path: string, lock: Lock, owner: string): void {
    lock.holder = owner;
    lock.since = Date.now();
    let held = this.heldBy.get(owner);
    if (!held) {
      held = new Set();
      this.heldBy.set(owner, held);
    }
    held.add(path);
    this.arm(path, lock);
  }

  /** Takes the lock from its holder (who is told through onTakeover) for `owner`. */
  private takeOver(path: string, lock: Lock, owner: string, onTakeover: (h: string) => void) {
    const victim = lock.holder;
    if (victim !== null) {
      this.heldBy.get(victim)?.delete(path);
      this.takeovers++;
      onTakeover(victim);
    }
    this.give(path, lock, owner);
  }

  /** Whether `owner` is older than `holder` (wound-wait: the older one never waits). */
  private older(owner: string, holder: string): boolean {
    const a = this.age(owner);
    const b = this.age(holder);
    return a !== null && b !== null && a < b;
  }

  /** The stall clock: the first waiter takes over a lock held too long. */
  private arm(path: string, lock: Lock): void {
    if (lock.timer) clearTimeout(lock.timer);
    lock.timer = null;
    if (lock.holder === null || lock.queue.length === 0) return;
    const remaining = Math.max(0, lock.since + this.timeoutMs - Date.now());
    lock.timer = setTimeout(() => {
      lock.timer = null;
      const next = lock.queue.shift();
      if (!next) return;
      this.takeOver(path, lock, next.owner, next.onTakeover);
      this.grantQueued(lock, next.owner);
      next.grant();
    }, remaining);
    lock.timer.unref();
  }

  private acquireOne(
    path: string,
    owner: string,
    onTakeover: (holder: string) => void,
  ): Promise<void> | null {
    const lock = this.lock(path);
    if (lock.holder === null || lock.holder === owner) {
      if (lock.holder === null) this.give(path, lock, owner);
      return null;
    }
    if (this.older(owner, lock.holder)) {
      this.takeOver(path, lock, owner, onTakeover);
      this.grantQueued(lock, owner);
      return null;
    }
    return new Promise((resolve) => {
      lock.queue.push({ owner, onTakeover, grant: resolve });
      this.arm(path, lock);
    });
  }

  /** Lets every queued request of `owner` for a lock it now holds go on. */
  private grantQueued(lock: Lock, owner: string): void {
    const mine = lock.queue.filter((w) => w.owner === owner);
    if (mine.length === 0) return;
    lock.queue = lock.queue.filter((w) => w.owner !== owner);
    for (const waiter of mine) waiter.grant();
  }

  /** Passes a free lock to the first in line (nobody else), or forgets it. */
  private handOn(path: string, lock: Lock): void {
    const next = lock.queue.shift();
    if (!next) {
      if (lock.timer) clearTimeout(lock.timer);
      this.locks.delete(path);
      return;
    }
    this.give(path, lock, next.owner);
    this.grantQueued(lock, next.owner);
    next.grant();
  }

  /**
   * Locks every path for `owner`, one after another in a fixed order. Holders that lose a lock
   * (to an older transaction, or for stalling) are reported to `onTakeover`. Stops early when
   * `alive` turns false while waiting (the transaction ended meanwhile).
   */
  async acquire(
    owner: string,
    paths: Iterable<string>,
    onTakeover: (holder: string) => void,
    alive: () => boolean = () => true,
  ): Promise<void> {
    for (const path of [...new Set(paths)].sort()) {
      const waiting = this.acquireOne(path, owner, onTakeover);
      if (!waiting) continue;
      await waiting;
      if (!alive()) return;
    }
  }

  release(owner: string): void {
    const held = this.heldBy.get(owner);
    this.heldBy.delete(owner);
    // Requests still waiting (the owner ended meanwhile) give up their place and go on.
    for (const [path, lock] of this.locks) {
      const waiting = lock.queue.filter((w) => w.owner === owner);
      if (waiting.length === 0) continue;
      lock.queue = lock.queue.filter((w) => w.owner !== owner);
      for (const waiter of waiting) waiter.grant();
      if (!held?.has(path)) this.arm(path, lock);
    }
    for (const path of held ?? []) {
      const lock = this.locks.get(path);
      if (!lock || lock.holder !== owner) continue;
      lock.holder = null;
      this.handOn(path, lock);
    }
  }

  clear(): void {
    for (const owner of [...this.heldBy.keys()]) this.release(owner);
  }
}
