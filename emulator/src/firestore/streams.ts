// Protocol-agnostic Listen and Write stream sessions, shared by the gRPC edge and the browser's
// WebChannel edge. Messages are proto3 JSON (ListenRequest/ListenResponse, WriteRequest/
// WriteResponse). A session reports a stream-ending failure through `fail`; the edge turns it
// into its own error form (gRPC status, WebChannel error frame).
import { randomBytes } from 'node:crypto';
import type { Caller } from '../shared/auth.ts';
import type { FsDocument } from '../shared/value.ts';
import { readTimestamp } from './clock.ts';
import { type FirestoreError, invalid, toFirestoreError } from './errors.ts';
import { documentToJson, parseDatabaseName, parseDocumentName, timestampToJson } from './json.ts';
import { type CompiledQuery, executeQuery, inQueryScope } from './query.ts';
import { authorizeGet, authorizeList } from './rules-gate.ts';
import type { FirestoreService } from './service.ts';
import type { DocumentChange } from './store.ts';
import type {
  ListenRequest,
  ListenResponse,
  WriteRequest,
  WriteResponse,
  JsonTarget,
} from './wire.ts';

export interface StreamContext {
  projectId: string;
  databaseId: string;
  auth: Caller;
}

export interface StreamSession<Req> {
  request(msg: Req): void;
  close(): void;
}

export interface StreamFailure {
  code: number;
  message: string;
}

export interface StreamSessions {
  createListenSession(
    ctx: StreamContext,
    send: (msg: ListenResponse) => void,
    fail?: (error: StreamFailure) => void,
  ): StreamSession<ListenRequest>;
  createWriteSession(
    ctx: StreamContext,
    send: (msg: WriteResponse) => void,
    fail?: (error: StreamFailure) => void,
  ): StreamSession<WriteRequest>;
}

interface TargetState {
  id: number;
  query: CompiledQuery | null;
  /** For document targets: the watched paths. */
  paths: string[];
  /** path → version key of what the client currently has for this target. */
  sent: Map<string, string>;
}

function versionKey(doc: FsDocument): string {
  return `${doc.updateTime.seconds}.${doc.updateTime.nanos}`;
}

function checkDatabase(ctx: StreamContext, database: string | undefined): void {
  if (database === undefined) return;
  const parsed = parseDatabaseName(database);
  if (parsed.projectId !== ctx.projectId || parsed.databaseId !== ctx.databaseId) {
    throw invalid(
      `Stream request for ${database} on a stream opened for projects/${ctx.projectId}/databases/${ctx.databaseId}`,
    );
  }
}

export function streamSessions(service: FirestoreService): StreamSessions {
  return {
    createListenSession: (ctx, send, fail) => createListenSession(service, ctx, send, fail),
    createWriteSession: (ctx, send, fail) => createWriteSession(service, ctx, send, fail),
  };
}

function createListenSession(
  service: FirestoreService,
  ctx: StreamContext,
  send: (msg: ListenResponse) => void,
  fail: ((error: StreamFailure) => void) | undefined,
): StreamSession<ListenRequest> {
  const call = { projectId: ctx.projectId, databaseId: ctx.databaseId, caller: ctx.auth };
  const db = service.database(call);
  const targets = new Map<number, TargetState>();
  const dirty = new Set<string>();
  let flushScheduled = false;
  let closed = false;

  const resumeToken = (): string => Buffer.from(`v${db.store.version}`).toString('base64');
  const globalSnapshot = (): void => {
    send({
      targetChange: {
        targetChangeType: 'NO_CHANGE',
        readTime: timestampToJson(readTimestamp()),
        resumeToken: resumeToken(),
      },
    });
  };
  const docName = (path: string): string =>
    `projects/${ctx.projectId}/databases/${ctx.databaseId}/documents/${path}`;

  const removeWithError = (target: TargetState, error: FirestoreError): void => {
    targets.delete(target.id);
    send({
      targetChange: {
        targetChangeType: 'REMOVE',
        targetIds: [target.id],
        cause: { code: error.code, message: error.message },
      },
    });
  };

  /** Computes the target's current documents, enforcing rules for non-owner callers. */
  const currentDocs = (target: TargetState): FsDocument[] => {
    const rules = service.registry.rules(ctx.projectId);
    if (target.query) return executeQuery(db.store, target.query);
    const docs: FsDocument[] = [];
    for (const path of target.paths) {
      const doc = db.store.get(path);
      authorizeGet(rules, ctx.auth, db.store, path, doc);
      if (doc) docs.push(doc);
    }
    return docs;
  };

  /** Sends the difference between what the client has and the target's current result. */
  const sync = (target: TargetState, docs: FsDocument[]): boolean => {
    let changed = false;
    const now = new Map<string, FsDocument>();
    for (const doc of docs) now.set(doc.path, doc);
    for (const path of target.sent.keys()) {
      if (now.has(path)) continue;
      target.sent.delete(path);
      changed = true;
      const readTime = timestampToJson(readTimestamp());
      if (db.store.get(path))
        send({
          documentRemove: { document: docName(path), removedTargetIds: [target.id], readTime },
        });
      else
        send({
          documentDelete: { document: docName(path), removedTargetIds: [target.id], readTime },
        });
    }
    for (const doc of docs) {
      const key = versionKey(doc);
      if (target.sent.get(doc.path) === key) continue;
      target.sent.set(doc.path, key);
      changed = true;
      send({
        documentChange: {
          document: documentToJson(doc, ctx.projectId, ctx.databaseId),
          targetIds: [target.id],
        },
      });
    }
    return changed;
  };

  const addTarget = (spec: JsonTarget): void => {
    const id = spec.targetId ?? 0;
    const target: TargetState = { id, query: null, paths: [], sent: new Map() };
    try {
      if (targets.has(id)) throw invalid(`Target id ${id} is already in use on this stream`);
      if (spec.query) {
        target.query = service.compile(call, spec.query.parent, spec.query.structuredQuery);
        authorizeList(service.registry.rules(ctx.projectId), ctx.auth, db.store, target.query);
        service.requireIndex(target.query);
      } else if (spec.documents) {
        target.paths = (spec.documents.documents ?? []).map((name) => {
          const parsed = parseDocumentName(name);
          if (parsed.projectId !== ctx.projectId || parsed.databaseId !== ctx.databaseId) {
            throw invalid(`Document ${name} is not in this stream's database`);
          }
          return parsed.path;
        });
      } else {
        throw invalid('A Listen target needs a query or documents');
      }
      const docs = currentDocs(target);
      targets.set(id, target);
      send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
      if (spec.resumeToken || spec.readTime) {
        // No change history is kept: a resumed target is re-sent in full after a RESET, which
        // tells the client to drop what it had for the target.
        send({ targetChange: { targetChangeType: 'RESET', targetIds: [id] } });
      }
      sync(target, docs);
      send({
        targetChange: { targetChangeType: 'CURRENT', targetIds: [id], resumeToken: resumeToken() },
      });
      globalSnapshot();
      if (spec.once) {
        targets.delete(id);
        send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
      }
    } catch (err) {
      const error = toFirestoreError(err);
      send({
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [id],
          cause: { code: error.code, message: error.message },
        },
      });
    }
  };

  const flush = (): void => {
    flushScheduled = false;
    if (closed) return;
    const paths = [...dirty];
    dirty.clear();
    let changed = false;
    const rules = service.registry.rules(ctx.projectId);
    for (const target of [...targets.values()]) {
      // Rules may depend on any document (get()/exists()): re-check access on every change, so
      // a listener whose access was revoked is removed with PERMISSION_DENIED, as in production.
      if (rules && ctx.auth !== 'owner') {
        try {
          if (target.query) authorizeList(rules, ctx.auth, db.store, target.query);
          else
            for (const path of target.paths)
              authorizeGet(rules, ctx.auth, db.store, path, db.store.get(path));
        } catch (err) {
          removeWithError(target, toFirestoreError(err));
          changed = true;
          continue;
        }
      }
      const relevant = target.query
        ? paths.some((p) => inQueryScope(target.query as CompiledQuery, p))
        : paths.some((p) => target.paths.includes(p));
      if (!relevant) continue;
      try {
        changed = sync(target, currentDocs(target)) || changed;
      } catch (err) {
        removeWithError(target, toFirestoreError(err));
        changed = true;
      }
    }
    if (changed) globalSnapshot();
  };

  const unsubscribe = db.store.onChange((changes: DocumentChange[]) => {
    for (const change of changes) dirty.add(change.path);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  });

  return {
    request(msg) {
      if (closed) return;
      try {
        checkDatabase(ctx, msg.database);
        if (msg.addTarget) addTarget(msg.addTarget);
        if (msg.removeTarget !== undefined) {
          targets.delete(msg.removeTarget);
          send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [msg.removeTarget] } });
        }
      } catch (err) {
        const error = toFirestoreError(err);
        fail?.({ code: error.code, message: error.message });
      }
    },
    close() {
      closed = true;
      unsubscribe();
      targets.clear();
    },
  };
}

function createWriteSession(
  service: FirestoreService,
  ctx: StreamContext,
  send: (msg: WriteResponse) => void,
  fail: ((error: StreamFailure) => void) | undefined,
): StreamSession<WriteRequest> {
  const call = { projectId: ctx.projectId, databaseId: ctx.databaseId, caller: ctx.auth };
  const streamId = randomBytes(8).toString('hex');
  let sequence = 0;
  let handshakeDone = false;
  let closed = false;
  const token = (): string => Buffer.from(`${streamId}:${++sequence}`).toString('base64');
  // Commits may wait for transaction locks; they are applied and answered in request order.
  let queue: Promise<void> = Promise.resolve();

  const handle = async (msg: WriteRequest): Promise<void> => {
    if (closed) return;
    checkDatabase(ctx, msg.database);
    if (!handshakeDone) {
      // First request opens the stream: no writes, answered with the stream id and a token.
      if (msg.writes && msg.writes.length > 0) {
        throw invalid('The first request on a Write stream must not contain writes (handshake)');
      }
      handshakeDone = true;
      send({ streamId, streamToken: token() });
      return;
    }
    const result = await service.commit(call, { writes: msg.writes ?? [] });
    if (!closed)
      send({
        streamToken: token(),
        writeResults: result.writeResults,
        commitTime: result.commitTime,
      });
  };

  return {
    request(msg) {
      queue = queue.then(() =>
        handle(msg).catch((err: unknown) => {
          if (closed) return;
          const error = toFirestoreError(err);
          closed = true;
          fail?.({ code: error.code, message: error.message });
        }),
      );
    },
    close() {
      closed = true;
    },
  };
}
