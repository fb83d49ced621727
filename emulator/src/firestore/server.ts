// One port for everything, like the official emulator: a TCP listener sniffs each connection's
// first bytes; HTTP/2 (gRPC: the admin SDK and the web SDK in Node) is piped to an internal
// grpc-js server on loopback, HTTP/1.1 (REST, control endpoints, WebChannel) goes to a Node
// http server.
import http from 'node:http';
import net from 'node:net';
import * as grpc from '@grpc/grpc-js';
import type { DocumentSource } from '../shared/value.ts';
import { buildGrpcServer } from './grpc-edge.ts';
import { saveIndexUsage } from './index-files.ts';
import type { IndexConfig } from './indexes.ts';
import { createLogger, type LogLevel } from './log.ts';
import { ProjectRegistry } from './registry.ts';
import { loadFirestoreRules } from './rules-loader.ts';
import { createRestHandler, type WebChannelHandler } from './rest-edge.ts';
import { FirestoreService } from './service.ts';
import { streamSessions } from './streams.ts';
import { PRODUCTION_RETRY, type RetrySchedule, TriggerDispatcher } from './triggers/dispatcher.ts';
import { closeWebChannels, handleWebChannel, type WebChannelDeps } from './webchannel/index.ts';

export interface FirestoreEmulatorOptions {
  host?: string;
  port?: number;
  logLevel?: LogLevel;
  /** Rules source applied to every project until it loads its own (like firebase.json's rules). */
  rules?: string;
  /**
   * host:port of the Functions emulator that receives trigger events (the official emulator's
   * --functions_emulator flag). firebase-tools' Functions emulator, started through
   * `functions/launcher.ts`, sets it itself through `PUT /emulator/v1/functionsEmulator`.
   */
  functionsEmulator?: string;
  /** Backoff for retrying events of functions that opt into retries (default: production's). */
  triggerRetry?: RetrySchedule;
  /**
   * Production limits mode (see README): refuse queries without their index, commits of more
   * than 500 writes, transactions past 270 s. Default: on, unless the environment has
   * GATHERLY_EMULATOR_PRODUCTION_LIMITS=0 (what suites written for the lenient official emulator
   * use).
   */
  productionLimits?: boolean;
  /** firestore.indexes.json for every project until it loads its own (default: none declared). */
  indexes?: IndexConfig;
}

export interface FirestoreEmulator {
  host: string;
  port: number;
  projects: ProjectRegistry;
  /** The (default) database of a project, for Storage rules' firestore.get()/exists(). */
  documentSource(projectId: string): DocumentSource;
  /** Trigger registrations and delivery (see triggers/dispatcher.ts). */
  triggers: TriggerDispatcher;
  productionLimits: boolean;
  stop(): Promise<void>;
}

/** The mode's default: on unless GATHERLY_EMULATOR_PRODUCTION_LIMITS is 0 / false / off. */
export function productionLimitsFromEnv(): boolean {
  const value = process.env.GATHERLY_EMULATOR_PRODUCTION_LIMITS?.trim().toLowerCase();
  return !(value === '0' || value === 'false' || value === 'off');
}

const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0');

export async function startFirestoreEmulator(
  options: FirestoreEmulatorOptions = {},
): Promise<FirestoreEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = createLogger('firestore', options.logLevel ?? 'info');
  const registry = new ProjectRegistry(options.productionLimits ?? productionLimitsFromEnv());
  if (options.indexes) registry.defaultIndexes = options.indexes;
  const service = new FirestoreService(registry);
  const triggers = new TriggerDispatcher(log, options.triggerRetry ?? PRODUCTION_RETRY);
  if (options.functionsEmulator) triggers.functionsEmulator = options.functionsEmulator;
  service.onCommit = (ctx, changes, commitTime) =>
    triggers.committed(ctx.projectId, ctx.databaseId, ctx.caller, changes, commitTime);
  if (options.rules !== undefined) {
    const { rules, issues } = loadFirestoreRules(options.rules);
    if (!rules)
      throw new Error(
        `Firestore rules do not compile: ${issues.map((i) => `${i.line}:${i.column}: ${i.message}`).join('; ')}`,
      );
    registry.defaultRules = rules;
  }

  const grpcServer = buildGrpcServer(service, log);
  const grpcPort = await new Promise<number>((resolve, reject) => {
    grpcServer.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) =>
      err ? reject(err) : resolve(port),
    );
  });

  const deps: WebChannelDeps = { ...streamSessions(service), log };
  const webChannel: WebChannelHandler = (req, res, kind) => {
    handleWebChannel(req, res, kind, deps).catch((err: unknown) => {
      log.error(`WebChannel ${kind} failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
  const httpServer = http.createServer(
    createRestHandler(service, registry, log, webChannel, triggers),
  );
  httpServer.keepAliveTimeout = 5_000;

  const sockets = new Set<net.Socket>();
  const front = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.pause();
      const isHttp2 = first
        .subarray(0, Math.min(first.length, HTTP2_PREFACE.length))
        .equals(HTTP2_PREFACE.subarray(0, Math.min(first.length, HTTP2_PREFACE.length)));
      if (isHttp2) {
        const upstream = net.connect(grpcPort, '127.0.0.1');
        sockets.add(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          socket.destroy();
        });
        upstream.on('error', () => socket.destroy());
        socket.on('close', () => upstream.destroy());
        upstream.setNoDelay(true);
        socket.setNoDelay(true);
        upstream.write(first);
        socket.pipe(upstream);
        upstream.pipe(socket);
        socket.resume();
      } else {
        socket.unshift(first);
        httpServer.emit('connection', socket);
        socket.resume();
      }
    });
  });

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      front.once('error', reject);
      front.listen(options.port ?? 8080, host, () => {
        front.off('error', reject);
        const address = front.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  } catch (err) {
    grpcServer.forceShutdown();
    closeWebChannels(deps);
    throw err;
  }
  front.on('error', (err) => log.error(`Firestore emulator listener: ${err.message}`));
  log.info(`Firestore emulator listening on ${host}:${port} (gRPC + REST)`);

  return {
    host,
    port,
    projects: registry,
    documentSource: (projectId) => registry.documentSource(projectId),
    triggers,
    productionLimits: registry.productionLimits,
    async stop() {
      triggers.stop();
      // Only emulators given an index configuration (the app's) report usage against it.
      if (options.indexes) saveIndexUsage(registry, port, log);
      await new Promise<void>((resolve) => {
        front.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      closeWebChannels(deps);
      httpServer.close();
      grpcServer.forceShutdown();
    },
  };
}
