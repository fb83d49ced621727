import { randomBytes } from 'node:crypto';
import type { Caller } from './access.ts';
import type { ObjectProperties, StoredObject } from './store.ts';

/** A resumable upload in progress (either API); bytes accumulate until finalize. */
export interface UploadSession {
  id: string;
  api: 'firebase' | 'gcs';
  bucket: string;
  name: string;
  props: ObjectProperties & { downloadTokens?: string[] };
  /** Size announced at start, when the client gave one. */
  declaredSize: number | null;
  chunks: Buffer[];
  received: number;
  caller: Caller;
  ifGenerationMatch: string | null;
  result: StoredObject | null;
  lastTouched: number;
}

const IDLE_MS = 60 * 60 * 1000;

export class UploadSessions {
  private readonly sessions = new Map<string, UploadSession>();

  create(
    init: Omit<UploadSession, 'id' | 'chunks' | 'received' | 'result' | 'lastTouched'>,
  ): UploadSession {
    this.sweep();
    const session: UploadSession = {
      ...init,
      id: randomBytes(16).toString('hex'),
      chunks: [],
      received: 0,
      result: null,
      lastTouched: Date.now(),
    };
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string): UploadSession | null {
    const session = this.sessions.get(id) ?? null;
    if (session) session.lastTouched = Date.now();
    return session;
  }

  /** Appends bytes starting at `offset`; bytes the server already has are skipped. */
  append(session: UploadSession, offset: number, data: Buffer): void {
    if (offset > session.received) {
      throw new Error(`upload offset ${offset} is past the ${session.received} bytes received`);
    }
    const fresh = data.subarray(session.received - offset);
    if (fresh.length > 0) {
      session.chunks.push(Buffer.from(fresh));
      session.received += fresh.length;
    }
  }

  bytes(session: UploadSession): Buffer {
    const all = Buffer.concat(session.chunks);
    session.chunks = [all];
    return all;
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  clear(): void {
    this.sessions.clear();
  }

  private sweep(): void {
    const cutoff = Date.now() - IDLE_MS;
    for (const [id, s] of this.sessions) if (s.lastTouched < cutoff) this.sessions.delete(id);
  }
}
