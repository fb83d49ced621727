// Serializable transactions by optimistic validation: a transaction remembers the version of
// every document and the result of every query it read; its commit is refused with ABORTED when
// any of them changed since (the SDKs then retry), so no update is ever lost. Commits run
// synchronously in one tick, so validation and apply are atomic.
import { randomBytes } from 'node:crypto';
import type { FsDocument } from '../shared/value.ts';
import { Code, FirestoreError, invalid } from './errors.ts';
import { LockManager } from './locks.ts';
import { type CompiledQuery, executeQuery } from './query.ts';
import type { DatabaseStore } from './store.ts';
import type { JsonTransactionOptions } from './wire.ts';

interface QueryRead {
  query: CompiledQuery;
  signature: string;
}

interface Transaction {
  /** Start order: the older of two contending transactions wins their locks (wound-wait). */
  seq: number;
  readOnly: boolean;
  /** path → version key ('' when the document was missing). */
  reads: Map<string, string>;
  queries: QueryRead[];
  /** Set when a re-read saw a different version than the first read. */
  doomed: boolean;
  started: number;
  lastUsed: number;
}

function versionKey(doc: FsDocument | null): string {
  return doc ? `${doc.updateTime.seconds}.${doc.updateTime.nanos}` : '';
}

function signatureOf(docs: FsDocument[]): string {
  return docs.map((d) => `${d.path}@${versionKey(d)}`).join('|');
}

/** Production: a transaction lives at most 270 s, and expires after 60 s without a request. */
export const TRANSACTION_LIFETIME_MS = 270_000;
export const TRANSACTION_IDLE_MS = 60_000;
/** How long a transaction waits for another's document locks before giving up. */
const LOCK_WAIT_MS = 4_000;

export class TransactionManager {
  private readonly transactions = new Map<string, Transaction>();
  private readonly locks = new LockManager(LOCK_WAIT_MS, (owner) => this.ageOf(owner));
  private sequence = 0;
  /** Ages of recently ended read-write transactions, for their retries (oldest dropped first). */
  private readonly endedAges = new Map<string, number>();

  /** @param productionLimits enforce production's lifetime; otherwise only 270 s idle. */
  constructor(
    private readonly store: DatabaseStore,
    private readonly productionLimits = false,
  ) {}

  private expired(txn: Transaction, now: number): boolean {
    if (!this.productionLimits) return now - txn.lastUsed > TRANSACTION_LIFETIME_MS;
    return now - txn.started > TRANSACTION_LIFETIME_MS || now - txn.lastUsed > TRANSACTION_IDLE_MS;
  }

  /** Starts a transaction; returns its id in base64 (the JSON form of its bytes). */
  begin(options: JsonTransactionOptions | undefined): string {
    this.expire();
    const id = randomBytes(16).toString('base64');
    // A retry keeps the age of the attempt it retries (`retryTransaction`), as production keeps
    // its lock priority: under wound-wait it grows older than newcomers and cannot starve.
    const retried = options?.readWrite?.retryTransaction;
    const inherited = retried === undefined ? undefined : this.endedAges.get(retried);
    this.transactions.set(id, {
      seq: inherited ?? ++this.sequence,
      readOnly: options?.readOnly !== undefined,
      reads: new Map(),
      queries: [],
      doomed: false,
      started: Date.now(),
      lastUsed: Date.now(),
    });
    return id;
  }

  private lookup(id: string): Transaction {
    const txn = this.transactions.get(id);
    const now = Date.now();
    if (txn && this.expired(txn, now)) {
      this.transactions.delete(id);
      this.locks.release(id);
    }
    if (!txn || !this.transactions.has(id))
      throw invalid('The referenced transaction has expired or is no longer valid.');
    txn.lastUsed = now;
    return txn;
  }

  /** Shared locks on documents a read-write transaction is about to read (waiting for writers). */
  async lockForRead(id: string, paths: string[]): Promise<void> {
    const txn = this.lookup(id);
    if (txn.readOnly) return;
    // Wounded by an older transaction: aborted at its next request, as production aborts it,
    // rather than reading on to a commit that must fail.
    if (txn.doomed) this.validateAndEnd(id);
    if (paths.length === 0) return;
    await this.locks.acquire(id, paths, 'shared', this.doom, () => this.transactions.has(id));
    if (!this.transactions.has(id)) this.locks.release(id); // ended while waiting
  }

  /**
   * Exclusive locks on the documents a commit writes, for its transaction or, for a plain write, for
   * `writerId()`; released by `releaseWrite` (a transaction's also when it ends).
   */
  async lockForWrite(owner: string, paths: string[]): Promise<void> {
    // A transaction already doomed (wounded by an older one) aborts without waiting for locks.
    if (this.transactions.get(owner)?.doomed) this.validateAndEnd(owner);
    if (paths.length === 0) return;
    await this.locks.acquire(owner, paths, 'exclusive', this.doom);
  }

  releaseWrite(owner: string): void {
    this.locks.release(owner);
  }

  /** A lock owner for a write outside any transaction (aged like a transaction begun now). */
  writerId(): string {
    return `write:${++this.sequence}`;
  }

  private ageOf(owner: string): number | null {
    const txn = this.transactions.get(owner);
    if (txn) return txn.seq;
    return owner.startsWith('write:') ? Number(owner.slice('write:'.length)) : null;
  }

  /** Lock hand-overs forced on a holder (by an older transaction, or for stalling). */
  get lockTakeovers(): number {
    return this.locks.takeovers;
  }

  /** A transaction that lost a lock may have read what another then changed: it must abort. */
  private readonly doom = (holder: string): void => {
    const victim = this.transactions.get(holder);
    if (victim) victim.doomed = true;
  };

  recordRead(id: string, path: string, doc: FsDocument | null): void {
    const txn = this.lookup(id);
    if (txn.readOnly) return;
    const key = versionKey(doc);
    const previous = txn.reads.get(path);
    if (previous === undefined) txn.reads.set(path, key);
    else if (previous !== key) txn.doomed = true;
  }

  recordQuery(id: string, query: CompiledQuery, docs: FsDocument[]): void {
    const txn = this.lookup(id);
    if (txn.readOnly) return;
    for (const doc of docs) this.recordRead(id, doc.path, doc);
    txn.queries.push({ query, signature: signatureOf(docs) });
  }

  /** Throws ABORTED if anything the transaction read has changed; ends the transaction. */
  validateAndEnd(id: string): void {
    const txn = this.lookup(id);
    this.end(id, txn);
    // Released before the commit applies, in the same tick: waiters resume after it.
    this.locks.release(id);
    if (txn.readOnly) return;
    const conflict = (): FirestoreError =>
      new FirestoreError(
        Code.ABORTED,
        'Transaction lock timeout / contention: data read by this transaction changed before it committed; retry the transaction.',
      );
    if (txn.doomed) throw conflict();
    for (const [path, key] of txn.reads) {
      if (versionKey(this.store.get(path)) !== key) throw conflict();
    }
    for (const read of txn.queries) {
      if (signatureOf(executeQuery(this.store, read.query)) !== read.signature) throw conflict();
    }
  }

  rollback(id: string): void {
    this.end(id, this.lookup(id));
    this.locks.release(id);
  }

  private end(id: string, txn: Transaction): void {
    this.transactions.delete(id);
    if (txn.readOnly) return;
    this.endedAges.set(id, txn.seq);
    if (this.endedAges.size > 10_000) {
      const oldest = this.endedAges.keys().next().value;
      if (oldest !== undefined) this.endedAges.delete(oldest);
    }
  }

  clear(): void {
    this.transactions.clear();
    this.locks.clear();
  }

  private expire(): void {
    const now = Date.now();
    for (const [id, txn] of this.transactions) {
      if (this.expired(txn, now)) {
        this.transactions.delete(id);
        this.locks.release(id);
      }
    }
  }
}
