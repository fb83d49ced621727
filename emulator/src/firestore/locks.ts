// Document locks for read-write transactions and writes, as Firestore takes them: a
// transaction's reads take shared locks, held until it commits or rolls back, so readers never
// wait for readers; a commit takes exclusive locks on what it writes (a transaction upgrading
// its shared ones), so nothing changes what a pending transaction read, and contending
// read-modify-write transactions run one after another instead of aborting each other.
//
// Requests are served first come, first served: a new shared request queues behind waiting
// requests (a writer is not starved by a stream of readers), and a released lock passes to the
// first in line, with the shared requests right behind it when it is shared. Deadlocks are
// avoided by wound-wait: a request conflicting with a younger holder takes the lock from it at
// once and the younger transaction is doomed to abort (the SDK retries it); a younger requester
// waits, so every wait is for an older transaction and no cycle can form. A holder that keeps a
// lock `timeoutMs` while others wait (a client that vanished mid-transaction) loses it the same
// way. Commit-time validation guarantees serializability whatever happens to locks.

export type LockMode = 'shared' | 'exclusive';

interface Waiter {
  owner: string;
  mode: LockMode;
  onTakeover: (holder: string) => void;
  grant: () => void;
}

interface Lock {
  exclusive: string | null;
  shared: Set<string>;
  /** When the lock last changed hands (the stall clock restarts on every grant). */
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
      lock = { exclusive: null, shared: new Set(), since: 0, queue: [], timer: null };
      this.locks.set(path, lock);
    }
    return lock;
  }

  /** Holders other than `owner` that a `mode` request of `owner` conflicts with. */
  private conflicts(lock: Lock, owner: string, mode: LockMode): string[] {
    const holders: string[] = [];
    if (lock.exclusive !== null && lock.exclusive !== owner) holders.push(lock.exclusive);
    if (mode === 'exclusive') for (const s of lock.shared) if (s !== owner) holders.push(s);
    return holders;
  }

  private holds(lock: Lock, owner: string, mode: LockMode): boolean {
    return lock.exclusive === owner || (mode === 'shared' && lock.shared.has(owner));
  }

  private give(path: string, lock: Lock, owner: string, mode: LockMode): void {
    if (mode === 'exclusive') {
      lock.exclusive = owner;
      lock.shared.delete(owner);
    } else if (lock.exclusive !== owner) {
      lock.shared.add(owner);
    }
    lock.since = Date.now();
    let held = this.heldBy.get(owner);
    if (!held) {
      held = new Set();
      this.heldBy.set(owner, held);
    }
    held.add(path);
  }

  /** Takes the lock from a holder, who is told through onTakeover (its transaction aborts). */
  private evict(path: string, lock: Lock, victim: string, onTakeover: (h: string) => void): void {
    if (lock.exclusive === victim) lock.exclusive = null;
    lock.shared.delete(victim);
    this.heldBy.get(victim)?.delete(path);
    this.takeovers++;
    onTakeover(victim);
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
    const first = lock.queue[0];
    if (!first || this.conflicts(lock, first.owner, first.mode).length === 0) return;
    const remaining = Math.max(0, lock.since + this.timeoutMs - Date.now());
    lock.timer = setTimeout(() => {
      lock.timer = null;
      const next = lock.queue[0];
      if (!next) return;
      for (const victim of this.conflicts(lock, next.owner, next.mode))
        this.evict(path, lock, victim, next.onTakeover);
      this.serve(path, lock);
    }, remaining);
    lock.timer.unref();
  }

  /** Grants waiting requests from the head of the line while they fit; re-arms the clock. */
  private serve(path: string, lock: Lock): void {
    for (;;) {
      const next = lock.queue[0];
      if (!next || this.conflicts(lock, next.owner, next.mode).length > 0) break;
      lock.queue.shift();
      this.give(path, lock, next.owner, next.mode);
      next.grant();
    }
    // A request of a holder behind the head (an upgrade, or a second read) is not held up by
    // the head waiting for that same holder: it goes as soon as it fits.
    for (const waiter of [...lock.queue]) {
      const upgrading = lock.shared.has(waiter.owner) || lock.exclusive === waiter.owner;
      if (!upgrading || this.conflicts(lock, waiter.owner, waiter.mode).length > 0) continue;
      lock.queue.splice(lock.queue.indexOf(waiter), 1);
      this.give(path, lock, waiter.owner, waiter.mode);
      waiter.grant();
    }
    if (!lock.exclusive && lock.shared.size === 0 && lock.queue.length === 0) {
      if (lock.timer) clearTimeout(lock.timer);
      this.locks.delete(path);
      return;
    }
    this.arm(path, lock);
  }

  private acquireOne(
    path: string,
    owner: string,
    mode: LockMode,
    onTakeover: (holder: string) => void,
  ): Promise<void> | null {
    const lock = this.lock(path);
    if (this.holds(lock, owner, mode)) return null;
    // Wound-wait: younger conflicting holders lose the lock; older ones are waited for.
    for (const holder of this.conflicts(lock, owner, mode))
      if (this.older(owner, holder)) this.evict(path, lock, holder, onTakeover);
    const holdsAny = lock.shared.has(owner);
    // A newcomer queues behind waiting requests; a holder upgrading does not (the head may be
    // waiting for it).
    const mustQueue = !holdsAny && lock.queue.length > 0;
    if (!mustQueue && this.conflicts(lock, owner, mode).length === 0) {
      this.give(path, lock, owner, mode);
      this.arm(path, lock);
      return null;
    }
    return new Promise((resolve) => {
      lock.queue.push({ owner, mode, onTakeover, grant: resolve });
      this.serve(path, lock);
    });
  }

  /**
   * Locks every path for `owner` in `mode`, one after another in a fixed order. Holders that
   * lose a lock (to an older transaction, or for stalling) are reported to `onTakeover`. Stops
   * early when `alive` turns false while waiting (the transaction ended meanwhile).
   */
  async acquire(
    owner: string,
    paths: Iterable<string>,
    mode: LockMode,
    onTakeover: (holder: string) => void,
    alive: () => boolean = () => true,
  ): Promise<void> {
    for (const path of [...new Set(paths)].sort()) {
      const waiting = this.acquireOne(path, owner, mode, onTakeover);
      if (!waiting) continue;
      await waiting;
      if (!alive()) return;
    }
  }

  release(owner: string): void {
    const held = this.heldBy.get(owner);
    this.heldBy.delete(owner);
    const touched = new Set<string>(held ?? []);
    // Requests still waiting (the owner ended meanwhile) give up their place and go on.
    for (const [path, lock] of this.locks) {
      const waiting = lock.queue.filter((w) => w.owner === owner);
      if (waiting.length === 0) continue;
      lock.queue = lock.queue.filter((w) => w.owner !== owner);
      for (const waiter of waiting) waiter.grant();
      touched.add(path);
    }
    for (const path of touched) {
      const lock = this.locks.get(path);
      if (!lock) continue;
      if (lock.exclusive === owner) lock.exclusive = null;
      lock.shared.delete(owner);
      this.serve(path, lock);
    }
  }

  clear(): void {
    for (const owner of [...this.heldBy.keys()]) this.release(owner);
  }
}
