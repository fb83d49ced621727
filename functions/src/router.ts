import type { ServerResponse } from 'node:http';
import { error as logError } from 'firebase-functions/logger';
import { authenticate, type AuthUser } from './auth.ts';
import {
  HttpError,
  notFound,
  readJsonBody,
  sendHtml,
  sendJson,
  type ApiIncoming,
  type Reply,
} from './http.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface BaseCtx {
  req: ApiIncoming;
  params: Record<string, string>;
  body: unknown;
  /** The web app's origin, for links in e-mails. */
  origin: string | null;
}
export interface Ctx extends BaseCtx {
  user: AuthUser;
}
export interface PublicCtx extends BaseCtx {
  user: null;
}

export type Route =
  | { method: Method; pattern: string; isPublic?: false; handle: (ctx: Ctx) => Promise<Reply> }
  | { method: Method; pattern: string; isPublic: true; handle: (ctx: PublicCtx) => Promise<Reply> };

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

function match(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const s = segments[i] as string;
    if (p.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(s);
      } catch {
        return null;
      }
      // Ids become document paths: a slash or dot-path could address another document.
      // Firestore also reserves ids of the form __x__.
      if (
        value === '' ||
        value.includes('/') ||
        value === '.' ||
        value === '..' ||
        value.length > 200
      )
        return null;
      if (/^__.*__$/.test(value)) return null;
      params[p.slice(1)] = value;
    } else if (p !== s) {
      return null;
    }
  }
  return params;
}

function requestOrigin(req: ApiIncoming): string | null {
  const configured = process.env.APP_ORIGIN;
  if (configured) return configured.replace(/\/+$/, '');
  const origin = req.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[a-z0-9.-]+(?::\d+)?$/i.test(origin))
    return origin;
  const forwardedHost = req.headers['x-forwarded-host'];
  const host =
    typeof forwardedHost === 'string' ? forwardedHost.split(',')[0]?.trim() : req.headers.host;
  if (typeof host === 'string' && /^[a-z0-9.-]+(?::\d+)?$/i.test(host)) {
    const forwardedProto = req.headers['x-forwarded-proto'];
    const proto =
      typeof forwardedProto === 'string'
        ? (forwardedProto.split(',')[0]?.trim() ?? 'https')
        : 'http';
    return `${proto === 'https' ? 'https' : 'http'}://${host}`;
  }
  return null;
}

/** Firestore's ABORTED after the transaction retries ran out: contention, safe to retry. */
function isAborted(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 10;
}

export function createRouter(routes: Route[]) {
  const compiled = routes.map((r) => ({ ...r, parts: splitPath(r.pattern) }));

  return async function handle(req: ApiIncoming, res: ServerResponse): Promise<void> {
    try {
      const segments = splitPath(apiPath(req.url ?? '/'));
      const method = (req.method ?? 'GET').toUpperCase();
      let allowed = false;
      for (const route of compiled) {
        const params = match(route.parts, segments);
        if (!params) continue;
        allowed = true;
        if (route.method !== method) continue;
        const base = { req, params, body: undefined as unknown, origin: requestOrigin(req) };
        let reply: Reply;
        if (route.isPublic) {
          reply = await route.handle({ ...base, user: null });
        } else {
          const user = await authenticate(req);
          if (method !== 'GET') base.body = await readJsonBody(req);
          reply = await route.handle({ ...base, user });
        }
        if ('html' in reply) sendHtml(res, reply.status ?? 200, reply.html);
        else sendJson(res, reply.status ?? 200, reply.body);
        return;
      }
      if (allowed) throw new HttpError(405, `Method ${method} not allowed here`);
      throw notFound(`No API route for ${method} ${apiPath(req.url ?? '/')}`);
    } catch (err) {
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
