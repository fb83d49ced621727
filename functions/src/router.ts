import type { ServerResponse } from 'node:http';
import { error as logError } from 'firebase-functions/logger';
import { authenticate } from './auth.ts';
import { newCaller, type Caller, type RouteAccess } from './caller.ts';
import {
  HttpError,
  badRequest,
  notFound,
  readJsonBody,
  sendDownload,
  sendHtml,
  sendJson,
  type ApiIncoming,
  type Reply,
} from './http.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The parameter names of a path pattern: '/events/:eventId/members/:userId' → 'eventId' | 'userId'. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Decoded path parameters of pattern P, each a string. */
export type Params<P extends string> = { readonly [K in ParamNames<P>]: string };

interface BaseCtx<P extends string> {
  req: ApiIncoming;
  params: Params<P>;
  body: unknown;
}
export interface Ctx<P extends string> extends BaseCtx<P> {
  caller: Caller;
}
export type PublicCtx<P extends string> = BaseCtx<P>;

/** A route with its parameters erased, as the router keeps it. */
export type Route =
  | {
      method: Method;
      pattern: string;
      access: RouteAccess;
      /** A read that hands out a credential: checked like a write (revoked, disabled). */
      checkRevoked?: boolean;
      run(ctx: Ctx<string>): Promise<Reply>;
    }
  | { method: Method; pattern: string; access: null; run(ctx: PublicCtx<string>): Promise<Reply> };

/**
 * A signed-in route. `access: 'app'` routes serve the web app and every account; `'api'` routes
 * are the public API only and need the caller's tier to have `apiAccessEnabled`
 * (docs/api.md, "Access").
 */
export function route<P extends string>(def: {
  method: Method;
  pattern: P;
  access: RouteAccess;
  checkRevoked?: boolean;
  handle(ctx: Ctx<P>): Promise<Reply>;
}): Route {
  return {
    method: def.method,
    pattern: def.pattern,
    access: def.access,
    ...(def.checkRevoked ? { checkRevoked: true } : {}),
    // The matcher builds params from this same pattern, so they have exactly P's names.
    run: (ctx: Ctx<string>) => def.handle(ctx as unknown as Ctx<P>),
  };
}

/** A route that needs no sign-in. */
export function publicRoute<P extends string>(def: {
  method: Method;
  pattern: P;
  handle(ctx: PublicCtx<P>): Promise<Reply>;
}): Route {
  return {
    method: def.method,
    pattern: def.pattern,
    access: null,
    run: (ctx: PublicCtx<string>) => def.handle(ctx as unknown as PublicCtx<P>),
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

/** Firestore's ABORTED after the transaction retries ran out: contention, safe to retry. */
function isAborted(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 10;
}

export function createRouter(routes: readonly Route[]) {
  const compiled = routes.map((r) => ({ ...r, parts: splitPath(r.pattern) }));

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
        if (r.method !== method) continue;
        const base = { req, params: found.params, body: undefined };
        let reply: Reply;
        if (r.access === null) {
          // Public writes take a JSON body; the unsubscribe page posts a form, read from its query.
          const json = /json/i.test(req.headers['content-type'] ?? '');
          const body = method !== 'GET' && json ? await readJsonBody(req) : undefined;
          reply = await r.run({ ...base, body });
        } else {
          // Reads trust the token until it expires; writes, and reads that hand out a
          // credential, also ask Auth whether the account is still enabled and its sessions
          // unrevoked (docs/api.md, "Auth").
          const user = await authenticate(req, {
            checkRevoked: method !== 'GET' || r.checkRevoked === true,
          });
          const body = method === 'GET' ? undefined : await readJsonBody(req);
          const caller = newCaller(user, r.access);
          reply = await r.run({ ...base, body, caller });
          if (r.access === 'api' && !caller.apiAccessChecked) {
            throw new Error(`${method} ${r.pattern} is an API route but never checked API access`);
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
      if (err instanceof HttpError) {
        sendJson(res, err.status, { error: err.message });
      } else if (isAborted(err)) {
        sendJson(res, 409, { error: 'Too many simultaneous changes; please try again' });
      } else {
        logError('Unhandled API error', err);
        sendJson(res, 500, { error: 'Internal server error' });
      }
    }
  };
}
