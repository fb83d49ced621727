import type { ServerResponse } from 'node:http';
import { frame } from './wire.ts';

/** One outgoing array: `[id, payload]` already serialised. */
interface OutgoingArray {
  id: number;
  text: string;
}

interface BackChannel {
  res: ServerResponse;
  /** CI=0: the response stays open and receives chunks; CI=1: one chunk, then it ends. */
  streaming: boolean;
  /** Highest array id written on this response. */
  written: number;
  timer: NodeJS.Timeout | null;
}

/** Keepalive on a streaming back channel; the client times a silent one out after 45 s. */
const NOOP_INTERVAL_MS = 25_000;
/** A long poll that has nothing to say ends with a noop after this (or the client's TO). */
const LONG_POLL_MS = 25_000;
/** Delivered arrays kept for redelivery until acknowledged, at most this many bytes. */
const RETAINED_BYTES = 16 * 1024 * 1024;

/**
 * Server side of one WebChannel session: numbered outgoing arrays, acknowledged by the client's
 * AID, delivered over whichever back channel (streaming or long-poll) is current. Arrays not yet
 * acknowledged are resent on the next back channel, so a dropped connection loses nothing.
 */
export class ChannelSession {
  lastMapId = -1;
  lastActivity = Date.now();
  closed = false;
  private lastArrayId = 0;
  private pending: OutgoingArray[] = [];
  private pendingBytes = 0;
  private back: BackChannel | null = null;
  private flushScheduled = false;
  /** Highest array id dropped for space before the client acknowledged it. */
  private trimmedThrough = 0;

  constructor(
    readonly sid: string,
    private readonly onClose: () => void,
  ) {}

  get hasBackChannel(): boolean {
    return this.back !== null;
  }

  /** Last array id handed out (the handshake is array 0). */
  get lastSentArrayId(): number {
    return this.lastArrayId;
  }

  get outstandingBytes(): number {
    return this.pendingBytes;
  }

  /** The client has received every array up to `aid`. */
  acknowledge(aid: number): void {
    if (!Number.isFinite(aid)) return;
    while (this.pending.length > 0 && (this.pending[0]?.id ?? Infinity) <= aid) {
      const done = this.pending.shift();
      if (done) this.pendingBytes -= done.text.length;
    }
  }

  enqueue(payload: unknown[]): void {
    if (this.closed) return;
    const id = ++this.lastArrayId;
    const text = JSON.stringify([id, payload]);
    this.pending.push({ id, text });
    this.pendingBytes += text.length;
    this.scheduleFlush();
  }

  /** A new back-channel GET replaces the current one. */
  attachBackChannel(
    res: ServerResponse,
    streaming: boolean,
    aid: number,
    pollTimeoutMs: number | null,
  ): void {
    this.acknowledge(aid);
    this.detachBackChannel(true);
    const back: BackChannel = { res, streaming, written: aid, timer: null };
    this.back = back;
    if (aid < this.trimmedThrough) {
      // Arrays the client never saw are gone: make it drop this channel and open a new stream
      // (the SDK resumes listens from its resume tokens) rather than silently miss changes.
      this.pending = [];
      this.pendingBytes = 0;
      this.enqueue(['stop']);
    }
    res.on('close', () => {
      if (this.back === back) this.detachBackChannel(false);
    });
    if (streaming) {
      back.timer = setInterval(() => this.enqueue(['noop']), NOOP_INTERVAL_MS);
      // The SDK's buffering-proxy detection wants a first byte within two handshake round
      // trips, or it falls back to long polling: answer at once.
      if (this.pending.length === 0) this.enqueue(['noop']);
    } else {
      back.timer = setTimeout(() => this.enqueue(['noop']), pollTimeoutMs ?? LONG_POLL_MS);
    }
    this.flush();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.detachBackChannel(true);
    this.pending = [];
    this.pendingBytes = 0;
    this.onClose();
  }

  private detachBackChannel(end: boolean): void {
    const back = this.back;
    if (!back) return;
    this.back = null;
    if (back.timer) clearInterval(back.timer);
    if (end && !back.res.writableEnded) back.res.end();
    this.lastActivity = Date.now();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // Messages produced in one tick (a listen snapshot) travel in one chunk.
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    const back = this.back;
    if (!back) return;
    const unsent = this.pending.filter((a) => a.id > back.written);
    if (unsent.length === 0) return;
    back.res.write(frame(`[${unsent.map((a) => a.text).join(',')}]`));
    back.written = unsent[unsent.length - 1]?.id ?? back.written;
    this.lastActivity = Date.now();
    if (!back.streaming) {
      this.detachBackChannel(true);
      return;
    }
    // A healthy stream rarely needs redelivery; bound what is kept for it.
    while (
      this.pendingBytes > RETAINED_BYTES &&
      (this.pending[0]?.id ?? Infinity) <= back.written
    ) {
      const dropped = this.pending.shift();
      if (dropped) {
        this.pendingBytes -= dropped.text.length;
        this.trimmedThrough = dropped.id;
      }
    }
  }
}
