import { TOO_MANY_WRITES, WriteBudget } from './write-budget.ts';
import type { ServerResponse } from 'node:http';
import { error as logError } from 'firebase-functions/logger';
import { authenticate } from './auth.ts';
import { requestBodyOf } from '@gatherly/domain/api/request-bodies';
import {
  type AnyEndpoint,
  type FileDownload,
  type HtmlPage,
  type Params,
  type ParsedBodyOf,
  type ResponseOf,
} from '@gatherly/domain/api/contract';
import { newCaller, type Caller } from './caller.ts';
import {
  BUSY_ERROR,
  HttpError,
  badRequest,
  notFound,
  readJsonBody,
  sendDownload,
  sendHtml,
  sendJson,
  type ApiIncoming,
  type Download,
  type Reply,
} from './http.ts';

/** What a handler of endpoint E receives: the decoded path parameters and the checked body. */
interface BaseCtx<E extends AnyEndpoint> {
  req: ApiIncoming;
  params: Params<E['path']>;
  body: ParsedBodyOf<E>;
}
/** A signed-in endpoint's handler also gets the verified caller. */
export interface Ctx<E extends AnyEndpoint> extends BaseCtx<E> {
  caller: Caller;
}
export type PublicCtx<E extends AnyEndpoint> = BaseCtx<E>;
type CtxOf<E extends AnyEndpoint> = E['access'] extends 'public' ? PublicCtx<E> : Ctx<E>;

/** What a handler of E answers: the contract's JSON, or the page or file a browser opens. */
export type ReplyOf<E extends AnyEndpoint> =
  ResponseOf<E> extends HtmlPage
    ? { status?: number; html: string }
    : ResponseOf<E> extends FileDownload
      ? { status?: number; download: Download } | { status?: number; html: string }
      : { status?: number; body: ResponseOf<E> };

/** An endpoint with its handler, its types erased, as the router keeps it. */
export interface Route {
  endpoint: AnyEndpoint;
  run(ctx: BaseCtx<AnyEndpoint> & { caller: Caller | null }): Promise<Reply>;
}

/**
 * Serves `endpoint` (@gatherly/domain/api/endpoints) with `handle`. The router has already
 * authenticated the caller (unless the endpoint is public), decoded the path parameters and
 * checked the body against the endpoint's schema; `access: 'api'` handlers must still call
 * `requireApiAccess` (or `requireMember`, which does) — the router refuses one that never did.
 */
export function route<E extends AnyEndpoint>(
  endpoint: E,
  handle: (ctx: CtxOf<E>) => Promise<ReplyOf<E>>,
): Route {
  return {
    endpoint,
    // The matcher builds params from this endpoint's own pattern and the body comes from its
    // own parser, so the context has exactly E's types.
    run: (ctx) => handle(ctx as unknown as CtxOf<E>) as Promise<Reply>,
  };
}

/**
 * Path below `/api`. The Hosting rewrite passes `/api/events`; the Functions emulator URL used by
 * the Vite proxy passes `/demo-gatherly/us-central1/api/api/events` (or the emulator strips the
 * function prefix itself); both end up as `/events`.
 */
export function apiPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  const stripped = path.replace(/^(?:\/[^/]+\/[^/]+\/api)?\/api(?=\/|$)/, '');
  return stripped === '' ? '/' : stripped;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/**
 * Control characters (line feeds, carriage returns, ...) and the Unicode line and paragraph
 * separators can never be part of an id we issue, and Firestore refuses such document names
 * only after its retries: refuse them at once.
 */
const UNUSABLE_ID_CHARS = /[\p{Cc}\u2028\u2029]/u;

type Match = { params: Record<string, string> } | { invalidId: true } | null;

function match(pattern: string[], segments: string[]): Match {
  if (pattern.length !== segments.length) return null;
  if (pattern.some((p, i) => !p.startsWith(':') && p !== segments[i])) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    if (!p.startsWith(':')) continue;
    let value: string;
    try {
      value = decodeURIComponent(segments[i] as string);
    } catch {
      return null;
    }
    // Ids become document paths: a slash or dot-path could address another document.
    // Firestore also reserves ids of the form __x__.
    if (value === '' || value.includes('/') || value === '.' || value === '..') return null;
    if (value.length > 200 || /^__.*__$/.test(value)) return null;
    if (UNUSABLE_ID_CHARS.test(value)) return { invalidId: true };
    params[p.slice(1)] = value;
  }
  return { params };
}

/**
 * Errors that pass, so asking again later works. Firestore's (gRPC codes): ABORTED after the
 * transaction's retries ran out (contention), DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED,
 * UNAVAILABLE. A connection to Storage dropped mid-request: the Storage client retries only
 * requests it knows to be idempotent, and every write path here is safe to send again
 * (a photo record's retry finds it saved).
 */
const PASSING_CODES = new Set<unknown>([4, 8, 10, 14, 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
function isPassing(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  return PASSING_CODES.has(err.code);
}

/** A person past their write budget (write-budget.ts): 429 with when to try again. */
class TooManyWrites extends HttpError {
  constructor(readonly retryAfterS: number) {
    super(429, TOO_MANY_WRITES);
  }
}

export function createRouter(routes: readonly Route[]) {
  const writeBudget = new WriteBudget();
  const compiled = routes.map((r) => ({ ...r, parts: splitPath(r.endpoint.path) }));

  return async function handle(req: ApiIncoming, res: ServerResponse): Promise<void> {
    try {
      const segments = splitPath(apiPath(req.url ?? '/'));
      const method = (req.method ?? 'GET').toUpperCase();
      let allowed = false;
      for (const r of compiled) {
        const found = match(r.parts, segments);
        if (!found) continue;
        if ('invalidId' in found) throw badRequest('Invalid id in the request path');
        allowed = true;
        const { endpoint } = r;
        if (endpoint.method !== method) continue;
        const base = { req, params: found.params };
        let reply: Reply;
        if (endpoint.access === 'public') {
          // Public writes with a body take JSON; the unsubscribe page posts a form (read from
          // its query), so a public endpoint without a body reads none.
          const check =
            method === 'GET' || endpoint.body === null ? null : requestBodyOf(endpoint.name);
          const checked = check ? check.parse(await readJsonBody(req)) : null;
          if (checked && !checked.ok) throw badRequest(checked.errors[0] ?? 'Invalid request');
          reply = await r.run({ ...base, body: checked?.value, caller: null });
        } else {
          // Reads trust the token until it expires; writes, and reads that hand out a
          // credential, also ask Auth whether the account is still enabled and its sessions
          // unrevoked (docs/api.md, "Auth").
          const user = await authenticate(req, {
            checkRevoked: method !== 'GET' || endpoint.checkRevoked === true,
          });
          if (method !== 'GET') {
            const wait = writeBudget.take(user.uid);
            if (wait > 0) throw new TooManyWrites(wait);
          }
          const body = method === 'GET' ? undefined : await readJsonBody(req);
          const checked = requestBodyOf(endpoint.name).parse(body);
          if (!checked.ok) throw badRequest(checked.errors[0] ?? 'Invalid request');
          const caller = newCaller(user, endpoint.access);
          reply = await r.run({ ...base, body: checked.value, caller });
          if (endpoint.access === 'api' && !caller.apiAccessChecked) {
            throw new Error(
              `${method} ${endpoint.path} is an API route but never checked API access`,
            );
          }
        }
        if ('html' in reply) sendHtml(res, reply.status ?? 200, reply.html);
        else if ('download' in reply) await sendDownload(res, reply.status ?? 200, reply.download);
        else sendJson(res, reply.status ?? 200, reply.body);
        return;
      }
      if (allowed) throw new HttpError(405, `Method ${method} not allowed here`);
      throw notFound(`No API route for ${method} ${apiPath(req.url ?? '/')}`);
    } catch (err) {
      if (res.headersSent) {
        // A download cut short: its status went out with the first bytes.
        logError('A download failed while streaming', err);
        return;
      }
      if (err instanceof TooManyWrites) {
        res.setHeader('Retry-After', String(err.retryAfterS));
        sendJson(res, 429, { error: err.message });
      } else if (err instanceof HttpError) {
        if (err.status === 503) res.setHeader('Retry-After', '1');
        sendJson(res, err.status, { error: err.message });
      } else if (isPassing(err)) {
        logError('A backend busy or unreachable after retries', err);
        res.setHeader('Retry-After', '1');
        sendJson(res, 503, { error: BUSY_ERROR });
      } else {
        logError('Unhandled API error', err);
        sendJson(res, 500, { error: 'Internal server error' });
      }
    }
  };
}
