// RSVPs answered without a connection. The RSVP function is the one write path (it moves the
// item's tallies in the same transaction), so offline an answer is kept on the device
// (localStorage, one key per person + event + item, so it survives a reload) and sent when the
// servers answer again. PUT is idempotent: the last answer per item wins, a newer answer
// replaces a queued one. An answer is the whole request (status, a Going party's guests, answers
// to the host's questions, the wish to wait), so a Going made offline replays as given. No
// Firebase import: rsvp-sync.ts gives it the sender and the signed-in person. See
// docs/decisions.md, "Venue Wi-Fi".
import { useMemo, useSyncExternalStore } from 'react';
import type { RsvpRequest } from '@gatherly/domain/api/requests';
import {
  type GuestAnswers,
  type PlusOne,
  type RsvpState,
  RSVP_STATUSES,
  rsvpLabel,
  type RsvpStatus,
} from '@gatherly/domain/rsvp-options';
import { describeError } from '../../lib/errors.ts';
import { QUEUE_AFTER_MS, trackWrite, type TrackedWrite } from '../../lib/offline/write-queue.ts';

export interface RsvpTarget {
  uid: string;
  eventId: string;
  itemId: string;
  /** The item's title, for the message if the server later refuses the answer. */
  title: string;
}

/** An answer as kept on the device: the item and the whole request (`PUT .../rsvp`'s body). */
export interface QueuedRsvp extends RsvpTarget, RsvpRequest {
  /** Order of answering (replay order); a newer answer to the same item gets a higher one. */
  seq: number;
}

/**
 * 'saved': the server has it; 'waitlisted': saved, on the item's waitlist (a Going while full);
 * 'queued': kept on this device, sent when back online.
 */
export type RsvpOutcome = 'saved' | 'waitlisted' | 'queued';

/** The answer the viewer sees on an item's chip before the server's own answer reflects it. */
export interface LocalAnswer {
  /** The server's state once it has answered (a Going may wait), else the status sent. */
  status: RsvpState;
  /** The Going party's named guests as sent. */
  guests: PlusOne[];
  /** True while it waits on this device (not yet on the server). */
  pending: boolean;
}

export interface RsvpQueueOptions {
  /** Where queued answers survive a reload (localStorage); null keeps them in memory only. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'> | null;
  /**
   * Sends one answer (`PUT /api/events/{e}/schedule/{item}/rsvp`); resolves with the state the server
   * gave it (a Going may land on the waitlist), or null when it does not say.
   */
  send(answer: QueuedRsvp): Promise<RsvpState | null>;
  isOnline(): boolean;
  /** The request got no answer at all (offline, unreachable): keep the answer for later. */
  isNoAnswer(err: unknown): boolean;
  /** An online send still unanswered after `queueAfterMs` (weak Wi-Fi): check the connection. */
  onSlowAnswer?: () => void;
  queueAfterMs?: number;
  /** How long a confirmed answer still shows while the live listener catches up. */
  confirmedGraceMs?: number;
  /** The shell's "N changes waiting" (write-queue.ts); injectable for tests. */
  track?: (ack: Promise<unknown>) => TrackedWrite;
}

const PREFIX = 'gatherly.rsvpQueue/';
const CONFIRMED_GRACE_MS = 10_000;

const storageKey = (t: Pick<RsvpTarget, 'uid' | 'eventId' | 'itemId'>) =>
  PREFIX + [t.uid, t.eventId, t.itemId].map(encodeURIComponent).join('/');

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseGuests(v: unknown): PlusOne[] | null {
  if (!Array.isArray(v)) return null;
  const guests: PlusOne[] = [];
  for (const g of v) {
    if (!isRecord(g) || typeof g.name !== 'string' || typeof g.child !== 'boolean') return null;
    guests.push({ name: g.name, child: g.child });
  }
  return guests;
}

function parseAnswers(v: unknown): GuestAnswers | null {
  if (!isRecord(v)) return null;
  const answers: GuestAnswers = {};
  for (const [id, a] of Object.entries(v)) {
    if (typeof a === 'string') answers[id] = a;
    else if (Array.isArray(a) && a.every((x) => typeof x === 'string')) answers[id] = a;
    else return null;
  }
  return answers;
}

/**
 * A stored entry read back field by field (another version of the app, or anyone with the
 * device, may have written it): null unless every field has its type. Entries written before
 * answers carried a party have the status alone.
 */
export function parseEntry(raw: string | null): QueuedRsvp | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(v)) return null;
  const { uid, eventId, itemId, title, seq, status } = v;
  if (
    typeof uid !== 'string' ||
    typeof eventId !== 'string' ||
    typeof itemId !== 'string' ||
    typeof title !== 'string' ||
    typeof seq !== 'number' ||
    !RSVP_STATUSES.includes(status as RsvpStatus)
  )
    return null;
  const entry: QueuedRsvp = { uid, eventId, itemId, title, seq, status: status as RsvpStatus };
  if (v.guests !== undefined) {
    const guests = parseGuests(v.guests);
    if (!guests) return null;
    entry.guests = guests;
  }
  if (v.answers !== undefined) {
    const answers = parseAnswers(v.answers);
    if (!answers) return null;
    entry.answers = answers;
  }
  if (v.waitlist !== undefined) {
    if (typeof v.waitlist !== 'boolean') return null;
    entry.waitlist = v.waitlist;
  }
  return entry;
}

/** The request body of an entry (what `PUT /api/events/{e}/schedule/{item}/rsvp` takes). */
export function requestOf(entry: QueuedRsvp): RsvpRequest {
  const { status, guests, answers, waitlist } = entry;
  return {
    status,
    ...(guests !== undefined ? { guests } : {}),
    ...(answers !== undefined ? { answers } : {}),
    ...(waitlist !== undefined ? { waitlist } : {}),
  };
}

interface Waiter {
  resolve(outcome: RsvpOutcome): void;
  reject(err: unknown): void;
}

interface Counted {
  tracked: TrackedWrite;
  resolve(): void;
  reject(err: unknown): void;
}

export class RsvpQueue {
  private readonly opts: RsvpQueueOptions;
  private entries: Map<string, QueuedRsvp> | null = null;
  /** Answers shown in the indicator, by storage key (one per item: a replacement keeps it). */
  private readonly counted = new Map<string, Counted>();
  /** Callers of answer() still waiting for an outcome, by seq. */
  private readonly waiters = new Map<number, Waiter>();
  /** Just confirmed answers, shown until the live listener has them (or the grace ends). */
  private readonly confirmed = new Map<
    string,
    { status: RsvpState; guests: PlusOne[]; timer: ReturnType<typeof setTimeout> }
  >();
  private readonly listeners = new Set<() => void>();
  private uid: string | null = null;
  private lastSeq = 0;
  private version = 0;
  private flushing: Promise<void> | null = null;
  private rerun = false;

  constructor(opts: RsvpQueueOptions) {
    this.opts = opts;
  }

  /** Queued answers, read from the device on first use. */
  private all(): Map<string, QueuedRsvp> {
    if (this.entries) return this.entries;
    this.entries = new Map();
    const storage = this.opts.storage;
    if (!storage) return this.entries;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) {
      const entry = parseEntry(storage.getItem(key));
      if (entry && storageKey(entry) === key) {
        this.entries.set(key, entry);
        this.lastSeq = Math.max(this.lastSeq, entry.seq);
      } else storage.removeItem(key);
    }
    return this.entries;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever an answer is queued, replaced, sent or dropped. */
  readonly getVersion = (): number => this.version;

  private notify(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  /** The signed-in person: only their answers are sent and counted (their ID token sends them). */
  setUser(uid: string | null): void {
    if (uid === this.uid) return;
    this.uid = uid;
    // Another person's answers stay on the device, out of the count, until they sign in again.
    for (const [key, c] of this.counted)
      if (this.all().get(key)?.uid !== uid) {
        c.tracked.forget();
        this.counted.delete(key);
      }
    if (!uid) return;
    for (const entry of this.all().values()) if (entry.uid === uid) this.count(entry);
    void this.flush();
  }

  /** The viewer's answers on this device for an event's items, by item id. */
  answersFor(uid: string, eventId: string): ReadonlyMap<string, LocalAnswer> {
    const answers = new Map<string, LocalAnswer>();
    for (const [key, c] of this.confirmed) {
      const entry = parseKey(key);
      if (entry.uid === uid && entry.eventId === eventId)
        answers.set(entry.itemId, { status: c.status, guests: c.guests, pending: false });
    }
    // An answer someone still waits for (sent online, under 2.5 s) is not marked as waiting yet.
    for (const e of this.all().values())
      if (e.uid === uid && e.eventId === eventId)
        answers.set(e.itemId, {
          status: e.status,
          guests: e.guests ?? [],
          pending: !this.waiters.has(e.seq),
        });
    return answers;
  }

  /** Answers waiting on this device for the signed-in person. */
  pendingCount(): number {
    return [...this.all().values()].filter((e) => e.uid === this.uid).length;
  }

  /**
   * Records an answer and sends it: 'saved' once the server has it ('waitlisted' when it put a
   * Going on the waitlist); 'queued' when the device is offline, the request got no answer, or
   * none came within `queueAfterMs`. Rejects when the server refuses it then and there (the
   * answer is dropped; a 409 says how many spots are left, for the form to offer the waitlist).
   */
  answer(target: RsvpTarget, request: RsvpRequest): Promise<RsvpOutcome> {
    this.uid ??= target.uid;
    const key = storageKey(target);
    this.lastSeq = Math.max(this.lastSeq + 1, Date.now());
    const { uid, eventId, itemId, title } = target;
    const entry: QueuedRsvp = { uid, eventId, itemId, title, ...request, seq: this.lastSeq };
    this.all().set(key, entry);
    this.opts.storage?.setItem(key, JSON.stringify(entry));
    this.clearConfirmed(key);
    if (!this.opts.isOnline() || target.uid !== this.uid) {
      if (target.uid === this.uid) this.count(entry);
      this.notify();
      return Promise.resolve('queued');
    }
    return new Promise<RsvpOutcome>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.waiters.has(entry.seq)) return;
        const current = this.all().get(key);
        if (current) this.count(current);
        this.settle(entry.seq, 'queued');
        this.opts.onSlowAnswer?.();
      }, this.opts.queueAfterMs ?? QUEUE_AFTER_MS);
      this.waiters.set(entry.seq, {
        resolve: (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
      this.notify();
      void this.flush();
    });
  }

  /** Sends the signed-in person's queued answers, oldest first, one at a time. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.rerun = true;
      return this.flushing;
    }
    // A flush asked for while one runs (e.g. back online as it gave up) runs once more after it.
    this.flushing = (async () => {
      try {
        do {
          this.rerun = false;
          await this.drain();
        } while (this.rerun);
      } finally {
        // Here, not in a later .finally(): a flush asked for in between must not be lost.
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const uid = this.uid;
      if (!uid) return;
      const next = [...this.all().values()]
        .filter((e) => e.uid === uid)
        .sort((a, b) => a.seq - b.seq)[0];
      if (!next) return;
      if (!this.opts.isOnline()) {
        this.queueAll();
        return;
      }
      let state: RsvpState | null;
      try {
        state = await this.opts.send(next);
      } catch (err) {
        if (this.opts.isNoAnswer(err)) {
          this.queueAll();
          return;
        }
        this.drop(next, err);
        continue;
      }
      this.confirm(next, state ?? next.status);
    }
  }

  /** No connection: every answer waiting counts as queued, and whoever waits hears so. */
  private queueAll(): void {
    for (const entry of this.all().values()) if (entry.uid === this.uid) this.count(entry);
    for (const seq of [...this.waiters.keys()]) this.settle(seq, 'queued');
  }

  private confirm(sent: QueuedRsvp, state: RsvpState): void {
    const key = storageKey(sent);
    if (this.all().get(key)?.seq === sent.seq) {
      this.remove(key);
      const timer = setTimeout(
        () => this.clearConfirmed(key, true),
        this.opts.confirmedGraceMs ?? CONFIRMED_GRACE_MS,
      );
      this.confirmed.set(key, { status: state, guests: sent.guests ?? [], timer });
      this.counted.get(key)?.resolve();
      this.counted.delete(key);
      this.notify();
    }
    this.settle(sent.seq, state === 'waitlisted' ? 'waitlisted' : 'saved');
  }

  /** The server refused it (removed from the event, item deleted...): back to its answer. */
  private drop(sent: QueuedRsvp, err: unknown): void {
    const key = storageKey(sent);
    const waiter = this.waiters.get(sent.seq);
    this.waiters.delete(sent.seq);
    if (this.all().get(key)?.seq === sent.seq) {
      this.remove(key);
      const c = this.counted.get(key);
      this.counted.delete(key);
      // Whoever still waits for it says why; otherwise the write queue's toast does.
      if (waiter) c?.tracked.forget();
      else {
        const reason = describeError(err, 'The server refused it.');
        c?.reject(
          new Error(
            `Your RSVP "${rsvpLabel(sent.status)}" to ${sent.title} was not saved: ${reason}`,
          ),
        );
      }
      this.notify();
    }
    waiter?.reject(err);
  }

  private remove(key: string): void {
    this.all().delete(key);
    this.opts.storage?.removeItem(key);
  }

  /** Puts an answer in the shell's "N changes waiting" (once per item). */
  private count(entry: QueuedRsvp): void {
    const key = storageKey(entry);
    if (this.counted.has(key)) return;
    let resolve!: () => void;
    let reject!: (err: unknown) => void;
    const ack = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const tracked = (this.opts.track ?? trackWrite)(ack);
    tracked.markQueued();
    this.counted.set(key, { tracked, resolve, reject });
  }

  private settle(seq: number, outcome: RsvpOutcome): void {
    const waiter = this.waiters.get(seq);
    this.waiters.delete(seq);
    waiter?.resolve(outcome);
    if (waiter && outcome === 'queued') this.notify();
  }

  private clearConfirmed(key: string, notify = false): void {
    const c = this.confirmed.get(key);
    if (!c) return;
    clearTimeout(c.timer);
    this.confirmed.delete(key);
    if (notify) this.notify();
  }

  /** For tests: forget everything, on the device too. */
  reset(): void {
    for (const key of [...this.all().keys()]) this.remove(key);
    for (const c of this.counted.values()) c.tracked.forget();
    this.counted.clear();
    for (const key of [...this.confirmed.keys()]) this.clearConfirmed(key);
    this.waiters.clear();
    this.entries = null;
    this.uid = null;
    this.notify();
  }
}

function parseKey(key: string): Pick<RsvpTarget, 'uid' | 'eventId' | 'itemId'> {
  const [uid = '', eventId = '', itemId = ''] = key
    .slice(PREFIX.length)
    .split('/')
    .map(decodeURIComponent);
  return { uid, eventId, itemId };
}

/** The viewer's answers on this device for an event, re-rendering when they change. */
export function useLocalAnswers(
  queue: RsvpQueue,
  uid: string,
  eventId: string,
): ReadonlyMap<string, LocalAnswer> {
  const version = useSyncExternalStore(queue.subscribe, queue.getVersion, queue.getVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` stands for the queue's contents
  return useMemo(() => queue.answersFor(uid, eventId), [queue, uid, eventId, version]);
}
