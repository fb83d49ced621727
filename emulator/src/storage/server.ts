import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DocumentSource } from '../shared/value.ts';
import { StorageRules } from './access.ts';
import type { LogLevel, StorageContext } from './context.ts';
import { handleFirebaseApi } from './firebase-api.ts';
import { handleGcsBucket, handleGcsList, handleGcsObject, handleGcsUpload } from './gcs-api.ts';
import {
  HttpError,
  corsHeaders,
  header,
  parseJsonObject,
  readBody,
  sendEmpty,
  sendJson,
} from './http.ts';
import { ObjectStore } from './store.ts';
import { UploadSessions } from './uploads.ts';

export interface StorageEmulatorOptions {
  host?: string;
  port?: number;
  logLevel?: LogLevel;
  /** Documents that storage.rules' firestore.get()/exists() read, per project. */
  firestore: (projectId: string) => DocumentSource;
}

export interface StorageEmulator {
  host: string;
  port: number;
  /** Installs rules source directly (what PUT /internal/setRules does). */
  setRules(source: string): void;
  /** Deletes every object and upload session. */
  reset(): void;
  stop(): Promise<void>;
}

const LEVELS: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, silent: 3 };

export async function startStorageEmulator(opts: StorageEmulatorOptions): Promise<StorageEmulator> {
  const threshold = LEVELS[opts.logLevel ?? 'info'];
  const log = (level: 'debug' | 'info' | 'warn', message: string): void => {
    if (LEVELS[level] >= threshold) console.log(`[storage] ${message}`);
  };
  const ctx: StorageContext = {
    store: new ObjectStore(),
    uploads: new UploadSessions(),
    rules: new StorageRules(opts.firestore, log),
    log,
  };

  const server = http.createServer((req, res) => {
    route(ctx, req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      const message = err instanceof Error ? err.message : String(err);
      if (status >= 500) log('warn', `${req.method} ${req.url}: ${message}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendJson(req, res, status, {
        error: {
          code: status,
          message,
          errors: [{ message, domain: 'global', reason: 'emulator' }],
        },
      });
    });
  });
  // Longer than clients keep an idle connection (Node's agent: 5 s), so the server never closes
  // one at the instant a client sends on it: that race is a read ECONNRESET under load.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 9199, opts.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  log('info', `Storage emulator listening on http://${address.address}:${address.port}`);
  return {
    host: address.address,
    port: address.port,
    setRules(source) {
      const { ok, issues } = ctx.rules.load(source);
      if (!ok) throw new Error(`storage rules do not compile:\n${formatIssues(issues)}`);
    },
    reset() {
      ctx.store.clear();
      ctx.uploads.clear();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function formatIssues(
  issues: Array<{ line: number; column: number; message: string; severity: string }>,
): string {
  return issues.map((i) => `${i.severity} L${i.line}:${i.column} ${i.message}`).join('\n');
}

/** Path segments after a prefix, e.g. ['b', bucket, 'o', ...name] with the name still encoded. */
function splitObjectPath(rest: string): { bucket: string; name: string | null } | null {
  const match = /^\/b\/([^/]+)\/o(?:\/(.+))?$/.exec(rest);
  if (!match || match[1] === undefined) return null;
  return {
    bucket: decodeURIComponent(match[1]),
    name: match[2] === undefined ? null : decodeURIComponent(match[2]),
  };
}

async function route(
  ctx: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const path = url.pathname;
  const method = req.method ?? 'GET';
  ctx.log('debug', `${method} ${req.url}`);

  if (method === 'OPTIONS') {
    return sendEmpty(req, res, 204, {
      ...corsHeaders(req),
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': header(req, 'access-control-request-headers') ?? '*',
      'access-control-max-age': '3600',
    });
  }

  if (path === '/' || path === '/internal/health')
    return sendJson(req, res, 200, { status: 'ok', emulator: 'storage' });

  if (path === '/internal/setRules' && method === 'PUT') {
    const json = parseJsonObject(await readBody(req));
    const files =
      (json['rules'] as { files?: Array<{ name?: string; content?: string }> } | undefined)
        ?.files ?? [];
    const file = files[0];
    if (!file || typeof file.content !== 'string')
      throw new HttpError(400, 'Expected { rules: { files: [{ name, content }] } }');
    const { ok, issues } = ctx.rules.load(file.content);
    if (!ok) {
      return sendJson(req, res, 400, {
        error: { code: 400, message: `Storage rules did not compile:\n${formatIssues(issues)}` },
        issues,
      });
    }
    ctx.log('info', `storage rules loaded from ${file.name ?? 'request'}`);
    return sendJson(req, res, 200, { issues });
  }

  if (path === '/internal/reset' && (method === 'DELETE' || method === 'POST')) {
    ctx.store.clear();
    ctx.uploads.clear();
    return sendEmpty(req, res, 200);
  }

  if (path.startsWith('/v0/')) {
    const target = splitObjectPath(path.slice(3));
    if (!target) throw new HttpError(404, `Unknown Firebase Storage path ${path}`);
    return handleFirebaseApi(ctx, req, res, url, target.bucket, target.name);
  }

  if (path.startsWith('/upload/storage/v1/b/')) {
    const target = splitObjectPath(path.slice('/upload/storage/v1'.length));
    if (!target || target.name !== null) throw new HttpError(404, `Unknown upload path ${path}`);
    return handleGcsUpload(ctx, req, res, url, target.bucket);
  }

  if (path.startsWith('/download/storage/v1/b/')) {
    const target = splitObjectPath(path.slice('/download/storage/v1'.length));
    if (!target || target.name === null) throw new HttpError(404, `Unknown download path ${path}`);
    return handleGcsObject(ctx, req, res, url, target.bucket, target.name, true);
  }

  // @google-cloud/storage uses the bare emulator host as its base URL, so /b/... and
  // /storage/v1/b/... are the same API.
  const jsonPath = path.startsWith('/storage/v1/') ? path.slice('/storage/v1'.length) : path;
  if (jsonPath.startsWith('/b/')) {
    if (/\/(rewriteTo|copyTo|compose)\//.test(jsonPath) || jsonPath.endsWith('/compose')) {
      throw new HttpError(501, 'Storage emulator: copy, rewrite and compose are not supported');
    }
    const bucketOnly = /^\/b\/([^/]+)\/?$/.exec(jsonPath);
    if (bucketOnly?.[1] !== undefined && (method === 'GET' || method === 'HEAD')) {
      return handleGcsBucket(req, res, decodeURIComponent(bucketOnly[1]));
    }
    const target = splitObjectPath(jsonPath);
    if (!target) throw new HttpError(404, `Unknown Cloud Storage path ${path}`);
    if (target.name === null) {
      if (method !== 'GET')
        throw new HttpError(405, `${method} on an object list is not supported`);
      return handleGcsList(ctx, req, res, url, target.bucket);
    }
    return handleGcsObject(ctx, req, res, url, target.bucket, target.name, false);
  }

  throw new HttpError(404, `Storage emulator: no route for ${method} ${path}`);
}
