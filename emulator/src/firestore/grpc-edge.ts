// gRPC edge: google.firestore.v1.Firestore on @grpc/grpc-js. Decoded requests are converted to
// proto3 JSON, handed to the service / stream sessions, and the JSON answers converted back.
import * as grpc from '@grpc/grpc-js';
import { decodeBearer } from '../shared/auth.ts';
import { codeName, FirestoreError, invalid, toFirestoreError } from './errors.ts';
import type { Logger } from './log.ts';
import { firestorePackageDefinition, methodCodec } from './proto.ts';
import type { CallContext, FirestoreService } from './service.ts';
import { streamSessions, type StreamFailure } from './streams.ts';
import type { JsonDocument, JsonPrecondition, JsonTransactionOptions, JsonWrite } from './wire.ts';

type Json = Record<string, unknown>;

const databasePattern = /^projects\/([^/]+)\/databases\/([^/]+)/;

function contextFor(metadata: grpc.Metadata, resource: unknown): CallContext {
  const match = typeof resource === 'string' ? databasePattern.exec(resource) : null;
  if (!match) throw invalid(`Missing or invalid resource name: ${String(resource)}`);
  const authorization = metadata.get('authorization')[0];
  return {
    projectId: match[1] ?? '',
    databaseId: match[2] ?? '',
    caller: decodeBearer(typeof authorization === 'string' ? authorization : undefined),
  };
}

function grpcError(err: unknown): Partial<grpc.StatusObject> {
  const error = toFirestoreError(err);
  return {
    code: error.code as number as grpc.status,
    details: error.message,
    metadata: new grpc.Metadata(),
  };
}

export function buildGrpcServer(service: FirestoreService, log: Logger): grpc.Server {
  const definition = firestorePackageDefinition()[
    'google.firestore.v1.Firestore'
  ] as grpc.ServiceDefinition;
  const sessions = streamSessions(service);

  const unary = (
    method: string,
    run: (req: Json, metadata: grpc.Metadata) => unknown,
  ): grpc.handleUnaryCall<unknown, unknown> => {
    const codec = methodCodec(method);
    return (call, callback) => {
      (async () => {
        const req = codec.requestToJson(call.request) as Json;
        const result: unknown = await run(req, call.metadata);
        log.debug(`${method} ok`);
        callback(null, codec.responseFromJson(result));
      })().catch((err: unknown) => {
        const error = toFirestoreError(err);
        log.debug(`${method} failed: ${codeName(error.code)} ${error.message}`);
        callback(grpcError(error));
      });
    };
  };

  const serverStream = (
    method: string,
    run: (req: Json, metadata: grpc.Metadata) => Promise<unknown[]>,
  ): grpc.handleServerStreamingCall<unknown, unknown> => {
    const codec = methodCodec(method);
    return (call) => {
      let headersSent = false;
      (async () => {
        const req = codec.requestToJson(call.request) as Json;
        for (const response of await run(req, call.metadata)) {
          headersSent = true;
          call.write(codec.responseFromJson(response));
        }
        log.debug(`${method} ok`);
        call.end();
      })().catch((err: unknown) => {
        const error = toFirestoreError(err);
        log.debug(`${method} failed: ${codeName(error.code)} ${error.message}`);
        // Headers first, then the status in trailers, as production answers: a status without
        // response headers reads to google-gax as "no response" and it retries the call twice,
        // seconds apart, before reporting even a permanent error.
        if (!headersSent) call.sendMetadata(new grpc.Metadata());
        call.emit('error', grpcError(error));
      });
    };
  };

  const bidi = (method: 'Listen' | 'Write'): grpc.handleBidiStreamingCall<unknown, unknown> => {
    const codec = methodCodec(method);
    return (call) => {
      let session: { request(msg: Json): void; close(): void } | null = null;
      let ended = false;
      const fail = (error: StreamFailure): void => {
        if (ended) return;
        ended = true;
        session?.close();
        log.debug(`${method} stream failed: ${codeName(error.code)} ${error.message}`);
        call.emit('error', {
          code: error.code as grpc.status,
          details: error.message,
          metadata: new grpc.Metadata(),
        });
      };
      const send = (msg: unknown): void => {
        if (!ended && !call.cancelled && call.writable) call.write(codec.responseFromJson(msg));
      };
      call.on('data', (raw: unknown) => {
        if (ended) return;
        const msg = codec.requestToJson(raw) as Json;
        try {
          if (!session) {
            const ctx = contextFor(call.metadata, msg.database);
            const streamCtx = {
              projectId: ctx.projectId,
              databaseId: ctx.databaseId,
              auth: ctx.caller,
            };
            session =
              method === 'Listen'
                ? (sessions.createListenSession(streamCtx, send, fail) as {
                    request(msg: Json): void;
                    close(): void;
                  })
                : (sessions.createWriteSession(streamCtx, send, fail) as {
                    request(msg: Json): void;
                    close(): void;
                  });
          }
          session.request(msg);
        } catch (err) {
          const error = toFirestoreError(err);
          fail({ code: error.code, message: error.message });
        }
      });
      const finish = (): void => {
        session?.close();
        if (!ended) {
          ended = true;
          call.end();
        }
      };
      call.on('end', finish);
      call.on('cancelled', () => {
        ended = true;
        session?.close();
      });
      call.on('error', () => session?.close());
    };
  };

  const ctx = (metadata: grpc.Metadata, resource: unknown): CallContext =>
    contextFor(metadata, resource);

  const handlers: grpc.UntypedServiceImplementation = {
    GetDocument: unary('GetDocument', (req, md) =>
      service.getDocument(
        ctx(md, req.name),
        String(req.name),
        req.mask as { fieldPaths?: string[] } | undefined,
        req.transaction as string | undefined,
      ),
    ),
    ListDocuments: unary('ListDocuments', (req, md) =>
      service.listDocuments(
        ctx(md, req.parent),
        req.parent as string,
        String(req.collectionId ?? ''),
        {
          ...(req.pageSize !== undefined ? { pageSize: Number(req.pageSize) } : {}),
          ...(req.pageToken ? { pageToken: String(req.pageToken) } : {}),
          ...(req.mask ? { mask: req.mask as { fieldPaths?: string[] } } : {}),
          ...(req.showMissing ? { showMissing: true } : {}),
          ...(req.orderBy ? { orderBy: String(req.orderBy) } : {}),
        },
      ),
    ),
    UpdateDocument: unary('UpdateDocument', (req, md) => {
      const document = req.document as JsonDocument;
      return service.updateDocument(
        ctx(md, document?.name),
        document,
        req.updateMask as { fieldPaths?: string[] } | undefined,
        req.currentDocument as JsonPrecondition | undefined,
        req.mask as { fieldPaths?: string[] } | undefined,
      );
    }),
    DeleteDocument: unary('DeleteDocument', (req, md) =>
      service.deleteDocument(
        ctx(md, req.name),
        String(req.name),
        req.currentDocument as JsonPrecondition | undefined,
      ),
    ),
    CreateDocument: unary('CreateDocument', (req, md) =>
      service.createDocument(
        ctx(md, req.parent),
        req.parent as string,
        String(req.collectionId ?? ''),
        req.documentId as string | undefined,
        (req.document ?? {}) as JsonDocument,
        req.mask as { fieldPaths?: string[] } | undefined,
      ),
    ),
    BatchGetDocuments: serverStream('BatchGetDocuments', (req, md) =>
      service.batchGetDocuments(ctx(md, req.database), req),
    ),
    BeginTransaction: unary('BeginTransaction', (req, md) =>
      service.beginTransaction(
        ctx(md, req.database),
        req.options as JsonTransactionOptions | undefined,
      ),
    ),
    Commit: unary('Commit', (req, md) =>
      service.commit(ctx(md, req.database), {
        writes: (req.writes ?? []) as JsonWrite[],
        ...(req.transaction ? { transaction: String(req.transaction) } : {}),
      }),
    ),
    Rollback: unary('Rollback', (req, md) =>
      service.rollback(ctx(md, req.database), req.transaction as string | undefined),
    ),
    RunQuery: serverStream('RunQuery', (req, md) => service.runQuery(ctx(md, req.parent), req)),
    RunAggregationQuery: serverStream('RunAggregationQuery', (req, md) =>
      service.runAggregationQuery(ctx(md, req.parent), req),
    ),
    PartitionQuery: unary('PartitionQuery', () => {
      throw new FirestoreError(
        12,
        'PartitionQuery is not supported by the Gatherly offline Firestore emulator',
      );
    }),
    Write: bidi('Write'),
    Listen: bidi('Listen'),
    ListCollectionIds: unary('ListCollectionIds', (req, md) =>
      service.listCollectionIds(
        ctx(md, req.parent),
        req.parent as string,
        req.pageSize !== undefined ? Number(req.pageSize) : undefined,
        req.pageToken as string | undefined,
      ),
    ),
    BatchWrite: unary('BatchWrite', (req, md) =>
      service.batchWrite(ctx(md, req.database), (req.writes ?? []) as JsonWrite[]),
    ),
  };
  const server = new grpc.Server();
  server.addService(definition, handlers);
  return server;
}
