// HTTP/1.1 edge: the REST forms of the Firestore RPCs (what the browser SDK uses for unary
// calls), the emulator control endpoints rules-unit-testing calls, CORS for pages on other
// origins, and dispatch of the WebChannel stream paths to the browser-transport module.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeBearer } from '../shared/auth.ts';
import {
  Code,
  FirestoreError,
  codeName,
  httpStatusFor,
  invalid,
  toFirestoreError,
} from './errors.ts';
import type { Logger } from './log.ts';
import { enumNumbersToNames, messageType, requestType } from './proto.ts';
import type { ProjectRegistry } from './registry.ts';
import { renderCoverageHtml } from '../rules/coverage-html.ts';
import { loadFirestoreRules } from './rules-loader.ts';
import type { CallContext, FirestoreService } from './service.ts';
import type { TriggerDispatcher } from './triggers/dispatcher.ts';
import { parseEventarcRegistration, parseLegacyRegistration } from './triggers/registrations.ts';
import type { JsonDocument, JsonPrecondition, JsonTransactionOptions, JsonWrite } from './wire.ts';

export type WebChannelHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  kind: 'Listen' | 'Write',
) => void;

type Json = Record<string, unknown>;

function setCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) {
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
  }
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  const requested = req.headers['access-control-request-headers'];
  res.setHeader(
    'Access-Control-Allow-Headers',
    requested ?? 'Authorization, Content-Type, X-Goog-Api-Client, X-Firebase-GMPID',
  );
  res.setHeader('Access-Control-Max-Age', '3600');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function sendError(res: ServerResponse, err: unknown): void {
  const error = toFirestoreError(err);
  const status = httpStatusFor(error.code);
  sendJson(res, status, {
    error: { code: status, message: error.message, status: codeName(error.code) },
  });
}

/** The RPC behind each `:verb`, whose request type guides enum decoding. */
const REST_VERB_RPCS: Record<string, string> = {
  commit: 'Commit',
  batchGet: 'BatchGetDocuments',
  runQuery: 'RunQuery',
  runAggregationQuery: 'RunAggregationQuery',
  beginTransaction: 'BeginTransaction',
  rollback: 'Rollback',
  listCollectionIds: 'ListCollectionIds',
  batchWrite: 'BatchWrite',
};

async function readBody(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw invalid('Request body must be a JSON object');
    return parsed as Json;
  } catch (err) {
    if (err instanceof FirestoreError) throw err;
    throw invalid(`Invalid JSON body: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Collects repeated query parameters like updateMask.fieldPaths=a&updateMask.fieldPaths=b. */
function maskParam(url: URL, name: string): { fieldPaths: string[] } | undefined {
  const values = url.searchParams.getAll(`${name}.fieldPaths`);
  return values.length > 0 ? { fieldPaths: values } : undefined;
}

function preconditionParam(url: URL): JsonPrecondition | undefined {
  const exists = url.searchParams.get('currentDocument.exists');
  const updateTime = url.searchParams.get('currentDocument.updateTime');
  if (exists === null && updateTime === null) return undefined;
  return {
    ...(exists !== null ? { exists: exists === 'true' } : {}),
    ...(updateTime !== null ? { updateTime } : {}),
  };
}

/**
 * Trigger registration as the firebase-tools Functions emulator does it (see
 * triggers/registrations.ts), plus where to deliver: `PUT /emulator/v1/functionsEmulator
 * { host }` (the official emulator takes it as its --functions_emulator flag).
 */
async function handleTriggerControl(
  method: string,
  pathname: string,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
  triggers: TriggerDispatcher,
  log: Logger,
): Promise<boolean> {
  if (pathname === '/emulator/v1/functionsEmulator') {
    if (method === 'PUT' || method === 'POST') {
      const body = await readBody(req);
      if (typeof body.host !== 'string' || !/^[^/\s]+:\d+$/.test(body.host))
        throw invalid('Body must be { host: "host:port" }');
      triggers.functionsEmulator = body.host;
      log.info(`delivering Firestore triggers to the Functions emulator at ${body.host}`);
    } else if (method !== 'GET') throw invalid(`${method} is not allowed on ${pathname}`);
    sendJson(res, 200, { host: triggers.functionsEmulator });
    return true;
  }
  const legacy = /^\/emulator\/v1\/projects\/([^/]+)\/triggers\/(.+)$/.exec(pathname);
  if (legacy && (method === 'PUT' || method === 'POST')) {
    const projectId = decodeURIComponent(legacy[1] ?? '');
    const key = decodeURIComponent(legacy[2] ?? '');
    triggers.registrations.add(parseLegacyRegistration(projectId, key, await readBody(req)));
    log.info(`registered trigger ${key} for project ${projectId}`);
    sendJson(res, 200, {});
    return true;
  }
  const eventarc = /^\/emulator\/v1\/projects\/([^/]+)\/eventarcTrigger$/.exec(pathname);
  if (eventarc && (method === 'POST' || method === 'PUT')) {
    const projectId = decodeURIComponent(eventarc[1] ?? '');
    const key = url.searchParams.get('eventarcTriggerId');
    if (!key) throw invalid('eventarcTriggerId is required');
    triggers.registrations.add(parseEventarcRegistration(projectId, key, await readBody(req)));
    log.info(`registered trigger ${key} for project ${projectId}`);
    sendJson(res, 200, {});
    return true;
  }
  const list = /^\/emulator\/v1\/projects\/([^/]+)\/triggers$/.exec(pathname);
  if (list) {
    const projectId = decodeURIComponent(list[1] ?? '');
    if (method === 'DELETE') triggers.registrations.clear(projectId);
    else if (method !== 'GET') throw invalid(`${method} is not allowed on ${pathname}`);
    sendJson(res, 200, {
      triggers: triggers.registrations.list(projectId).map((t) => ({
        key: t.key,
        eventType: t.eventType,
        database: t.databaseId,
        document: t.document,
      })),
    });
    return true;
  }
  return false;
}

export function createRestHandler(
  service: FirestoreService,
  registry: ProjectRegistry,
  log: Logger,
  webChannel: WebChannelHandler,
  triggers: TriggerDispatcher,
): (req: IncomingMessage, res: ServerResponse) => void {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const pathname = url.pathname;

    if (method === 'GET' && (pathname === '/' || pathname === '')) {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('Ok');
      return;
    }

    const coverage = /^\/emulator\/v1\/projects\/([^/:]+):ruleCoverage(\.html)?$/.exec(pathname);
    if (coverage && method === 'GET') {
      const projectId = decodeURIComponent(coverage[1] ?? '');
      const report = registry.rules(projectId)?.coverage() ?? {
        rules: { files: [] },
        report: [],
      };
      if (coverage[2]) {
        const html = renderCoverageHtml(report, projectId);
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Length': Buffer.byteLength(html),
        });
        res.end(html);
      } else sendJson(res, 200, report);
      return;
    }

    const rates = /^\/emulator\/v1\/projects\/([^/:]+):writeRates$/.exec(pathname);
    if (rates) {
      const writeRates = registry.writeRates(decodeURIComponent(rates[1] ?? ''));
      if (method === 'DELETE') {
        writeRates.reset();
        sendJson(res, 200, {});
      } else if (method === 'GET') {
        const limit = Number(url.searchParams.get('limit') ?? 10);
        sendJson(res, 200, writeRates.report(Number.isInteger(limit) && limit > 0 ? limit : 10));
      } else throw invalid(`${method} is not allowed on ${pathname}`);
      return;
    }

    const rules = /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/.exec(pathname);
    if (rules) {
      const projectId = decodeURIComponent(rules[1] ?? '');
      if (method === 'GET') {
        const loaded = registry.rules(projectId);
        sendJson(res, 200, {
          rules: { files: loaded ? [{ name: 'firestore.rules', content: loaded.source }] : [] },
        });
        return;
      }
      if (method !== 'PUT' && method !== 'POST')
        throw invalid(`${method} is not allowed on ${pathname}`);
      const body = await readBody(req);
      const files = ((body.rules as Json | undefined)?.files ?? []) as {
        content?: string;
        name?: string;
      }[];
      const file = files[0];
      if (!file || typeof file.content !== 'string')
        throw invalid('Body must be { rules: { files: [{ content }] } }');
      const fileName = file.name ?? 'firestore.rules';
      const { rules: loaded, issues } = loadFirestoreRules(file.content, fileName);
      const wireIssues = issues.map((issue) => ({
        sourcePosition: { fileName, line: issue.line, column: issue.column },
        description: issue.message,
        severity: issue.severity,
      }));
      if (!loaded) {
        log.warn(
          `rules for ${projectId} rejected: ${issues.map((i) => `${fileName}:${i.line}:${i.column}: ${i.message}`).join('; ')}`,
        );
        sendJson(res, 400, {
          error: {
            code: 400,
            message: `Rules compilation failed: ${wireIssues.map((i) => `${fileName}:${i.sourcePosition.line}:${i.sourcePosition.column}: ${i.description}`).join('; ')}`,
            status: 'INVALID_ARGUMENT',
          },
          issues: wireIssues,
        });
        return;
      }
      registry.setRules(projectId, loaded);
      log.info(`rules loaded for project ${projectId}`);
      sendJson(res, 200, { issues: wireIssues });
      return;
    }

    if (await handleTriggerControl(method, pathname, url, req, res, triggers, log)) return;

    const clear = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents$/.exec(
      pathname,
    );
    if (clear && method === 'DELETE') {
      const projectId = decodeURIComponent(clear[1] ?? '');
      const databaseId = decodeURIComponent(clear[2] ?? '');
      registry.clear(projectId, databaseId);
      log.info(`cleared projects/${projectId}/databases/${databaseId}`);
      sendJson(res, 200, {});
      return;
    }

    const rest =
      /^\/v1\/(projects\/[^/]+\/databases\/[^/]+\/documents(?:\/[^:]*)?)(?::([A-Za-z]+))?$/.exec(
        pathname,
      );
    if (!rest) throw new FirestoreError(Code.NOT_FOUND, `No such endpoint: ${method} ${pathname}`);
    const resource = (rest[1] ?? '')
      .split('/')
      .map(decodeURIComponent)
      .join('/')
      .replace(/\/$/, '');
    const verb = rest[2];
    const match = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/s.exec(resource);
    if (!match) throw invalid(`Invalid resource ${resource}`);
    const ctx: CallContext = {
      projectId: match[1] ?? '',
      databaseId: match[2] ?? '',
      caller: decodeBearer(req.headers.authorization),
    };
    const docPath = match[3] ?? '';
    const segments = docPath === '' ? 0 : docPath.split('/').length;

    if (verb) {
      if (method !== 'POST') throw invalid(`:${verb} needs POST`);
      const rpc = REST_VERB_RPCS[verb];
      const raw = await readBody(req);
      const body = (rpc ? enumNumbersToNames(requestType(rpc), raw) : raw) as Json;
      switch (verb) {
        case 'commit':
          sendJson(
            res,
            200,
            await service.commit(ctx, {
              writes: (body.writes ?? []) as JsonWrite[],
              ...(body.transaction ? { transaction: String(body.transaction) } : {}),
            }),
          );
          return;
        case 'batchGet':
          sendJson(res, 200, await service.batchGetDocuments(ctx, body));
          return;
        case 'runQuery':
          sendJson(res, 200, await service.runQuery(ctx, { ...body, parent: resource }));
          return;
        case 'runAggregationQuery':
          sendJson(res, 200, await service.runAggregationQuery(ctx, { ...body, parent: resource }));
          return;
        case 'beginTransaction':
          sendJson(
            res,
            200,
            service.beginTransaction(ctx, body.options as JsonTransactionOptions | undefined),
          );
          return;
        case 'rollback':
          sendJson(res, 200, service.rollback(ctx, body.transaction as string | undefined));
          return;
        case 'listCollectionIds':
          sendJson(
            res,
            200,
            service.listCollectionIds(
              ctx,
              resource,
              body.pageSize !== undefined ? Number(body.pageSize) : undefined,
              body.pageToken as string | undefined,
            ),
          );
          return;
        case 'batchWrite':
          sendJson(res, 200, await service.batchWrite(ctx, (body.writes ?? []) as JsonWrite[]));
          return;
        default:
          throw new FirestoreError(
            Code.UNIMPLEMENTED,
            `REST method :${verb} is not supported by the Gatherly offline Firestore emulator`,
          );
      }
    }

    const name = resource;
    if (segments > 0 && segments % 2 === 0) {
      if (method === 'GET') {
        sendJson(
          res,
          200,
          await service.getDocument(
            ctx,
            name,
            maskParam(url, 'mask'),
            url.searchParams.get('transaction') ?? undefined,
          ),
        );
        return;
      }
      if (method === 'PATCH') {
        const body = enumNumbersToNames(
          messageType('google.firestore.v1.Document'),
          await readBody(req),
        ) as JsonDocument;
        sendJson(
          res,
          200,
          await service.updateDocument(
            ctx,
            { ...body, name },
            maskParam(url, 'updateMask'),
            preconditionParam(url),
            maskParam(url, 'mask'),
          ),
        );
        return;
      }
      if (method === 'DELETE') {
        sendJson(res, 200, await service.deleteDocument(ctx, name, preconditionParam(url)));
        return;
      }
    } else if (segments % 2 === 1) {
      const slash = name.lastIndexOf('/');
      const parent = name.slice(0, slash);
      const collectionId = name.slice(slash + 1);
      if (method === 'GET') {
        const pageSize = url.searchParams.get('pageSize');
        const pageToken = url.searchParams.get('pageToken');
        const orderBy = url.searchParams.get('orderBy');
        const mask = maskParam(url, 'mask');
        sendJson(
          res,
          200,
          service.listDocuments(ctx, parent, collectionId, {
            ...(pageSize ? { pageSize: Number(pageSize) } : {}),
            ...(pageToken ? { pageToken } : {}),
            ...(orderBy ? { orderBy } : {}),
            ...(mask ? { mask } : {}),
            ...(url.searchParams.get('showMissing') === 'true' ? { showMissing: true } : {}),
          }),
        );
        return;
      }
      if (method === 'POST') {
        const body = enumNumbersToNames(
          messageType('google.firestore.v1.Document'),
          await readBody(req),
        ) as JsonDocument;
        sendJson(
          res,
          200,
          await service.createDocument(
            ctx,
            parent,
            collectionId,
            url.searchParams.get('documentId') ?? undefined,
            body,
            maskParam(url, 'mask'),
          ),
        );
        return;
      }
    }
    throw new FirestoreError(Code.NOT_FOUND, `No such endpoint: ${method} ${pathname}`);
  };

  return (req, res) => {
    // WebChannel answers its own preflights and CORS headers.
    const channel = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/.exec(
      new URL(req.url ?? '/', 'http://localhost').pathname,
    );
    if (channel) {
      webChannel(req, res, channel[1] as 'Listen' | 'Write');
      return;
    }
    setCors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    handle(req, res).catch((err: unknown) => {
      const error = toFirestoreError(err);
      log.debug(`${req.method} ${req.url} failed: ${codeName(error.code)} ${error.message}`);
      if (!res.headersSent) sendError(res, error);
      else res.end();
    });
  };
}
