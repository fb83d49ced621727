// Document locks for read-write transactions, as Firestore takes them: a transaction's reads
// lock the documents read until it commits or rolls back; other transactions reading them,
// and commits writing them, wait their turn. Contending read-modify-write transactions thus
// run one after another instead of aborting each other. Waits are bounded (deadlocks, clients
// that vanish mid-transaction): on timeout a reader takes the lock over and the holder is
// doomed to abort at commit, and a writer proceeds; commit-time validation still guarantees
// serializability either way.

interface Waiter {
  wake: () => void;
}

export class LockManager {
  private readonly holders = new Map<string, string>();
  private readonly heldBy = new Map<string, Set<string>>();
  private readonly waiters = new Map<string, Set<Waiter>>();

  constructor(readonly timeoutMs: number) {}

  /**
   * Waits until `path` is free or held by `owner`. False when one holder kept it for the whole
   * timeout: the clock restarts whenever the lock changes hands, so a long queue of quick
   * transactions is never mistaken for a stalled one.
   */
  private async waitFor(path: string, owner: string | null): Promise<boolean> {
    let watched: string | undefined;
    let deadline = 0;
    for (;;) {
      const holder = this.holders.get(path);
      if (holder === undefined || holder === owner) return true;
      if (holder !== watched) {
        watched = holder;
        deadline = Date.now() + this.timeoutMs;
      }
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

  /**
   * Locks every path for `owner`, in a fixed order. A lock one holder keeps too long is taken
   * over and its holder reported to `onTakeover` (which dooms that transaction).
   */
  async acquire(
    owner: string,
    paths: Iterable<string>,
    onTakeover: (holder: string) => void,
  ): Promise<void> {
    for (const path of [...new Set(paths)].sort()) {
      if (!(await this.waitFor(path, owner))) {
        const holder = this.holders.get(path);
        if (holder !== undefined) {
          this.heldBy.get(holder)?.delete(path);
          onTakeover(holder);
        }
      }
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
    for (const path of new Set(paths)) {
      if (!(await this.waitFor(path, owner))) return;
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
