// Document locks for read-write transactions, as Firestore takes them: a transaction's reads
// lock the documents read until it commits or rolls back; other transactions reading them,
// and commits writing them, wait their turn. Contending read-modify-write transactions thus
// run one after another instead of aborting each other. Waits are bounded (deadlocks, clients
// that vanish); on timeout a reader gets ABORTED (the SDK retries) and a writer proceeds, since
// commit-time validation still guarantees serializability.

interface Waiter {
  wake: () => void;
}

export class LockTimeout extends Error {}

export class LockManager {
  private readonly holders = new Map<string, string>();
  private readonly heldBy = new Map<string, Set<string>>();
  private readonly waiters = new Map<string, Set<Waiter>>();

  constructor(readonly timeoutMs: number) {}

  /** Waits until `path` is free or held by `owner`; false on timeout. */
  private async waitFor(path: string, owner: string | null, deadline: number): Promise<boolean> {
    for (;;) {
      const holder = this.holders.get(path);
      if (holder === undefined || holder === owner) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      await new Promise<void>((resolve) => {
        let set = this.waiters.get(path);
        if (!set) {
          set = new Set();
          this.waiters.set(path, set);
        }
        const waiter: Waiter = {
          wake: () => {
            clearTimeout(timer);
            set?.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(() => waiter.wake(), remaining);
        set.add(waiter);
      });
    }
  }

  /** Locks every path for `owner`, in a fixed order; throws LockTimeout when one stays held. */
  async acquire(owner: string, paths: Iterable<string>): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    for (const path of [...new Set(paths)].sort()) {
      if (!(await this.waitFor(path, owner, deadline))) throw new LockTimeout(path);
      this.holders.set(path, owner);
      let held = this.heldBy.get(owner);
      if (!held) {
        held = new Set();
        this.heldBy.set(owner, held);
      }
      held.add(path);
    }
  }

  /** Waits (bounded) until no other owner holds any of the paths; never throws. */
  async awaitFree(owner: string | null, paths: Iterable<string>): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    for (const path of new Set(paths)) {
      if (!(await this.waitFor(path, owner, deadline))) return;
    }
  }

  release(owner: string): void {
    const held = this.heldBy.get(owner);
    if (!held) return;
    this.heldBy.delete(owner);
    for (const path of held) {
      if (this.holders.get(path) === owner) this.holders.delete(path);
      const waiting = this.waiters.get(path);
      if (waiting) {
        this.waiters.delete(path);
        for (const waiter of waiting) waiter.wake();
      }
    }
  }

  clear(): void {
    for (const owner of [...this.heldBy.keys()]) this.release(owner);
  }
}
