import { describeError } from './errors.ts';
import { loadedAuth } from './auth-loader.ts';
import {
  BUSY_MESSAGE,
  isOnline,
  networkReachesSite,
  OFFLINE_REQUEST_MESSAGE,
  reportAnswer,
  reportBusy,
  reportNoAnswer,
  UNREACHABLE_MESSAGE,
} from './offline/connectivity.ts';

/**
 * A failed `/api` call. `message` is the server's `error` field, else "status: statusText";
 * status 0 = the request never got an answer (offline, unreachable, timed out), with a sentence
 * saying so.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** No API call waits longer than this: on a weak venue Wi-Fi a button must not spin forever. */
export const API_TIMEOUT_MS = 30_000;

export interface ApiOptions {
  /**
   * The call may be sent again with the same effect (the endpoint's `idempotent` in the
   * contract): a "busy" answer (503, a transaction that lost to others every time) is retried
   * with backoff, and only the last failure reaches the caller.
   */
  idempotent?: boolean;
}

/** Pauses before the retries of an idempotent call answered "busy" (with ±30 % jitter). */
export const BUSY_RETRY_DELAYS_MS = [400, 1000, 2000, 4000] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
/**
 * Sends one `/api` request and answers its parsed JSON (untyped). Screens never call this:
 * they call endpoints through `callApi` (api-client.ts), which builds the path from the
 * contract and types the answer. Identity travels only as the Firebase ID token (functions
 * ignore x-user-* identity headers, which a client could forge). Every API call goes through
 * here, so this is where an offline device is told at once that the action needs a connection,
 * and where a slow or busy server is told apart from a lost connection (docs/web.md, "Busy is
 * not offline").
 */
export async function apiRequest(
  method: ApiMethod,
  path: string,
  body?: unknown,
  options: ApiOptions = {},
): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await sendOnce(method, path, body);
      return parseJson(await res.text().catch(() => ''));
    } catch (err) {
      const pause = BUSY_RETRY_DELAYS_MS[attempt];
      const busy = err instanceof ApiError && err.status === 503;
      if (!options.idempotent || !busy || pause === undefined) throw err;
      reportBusy();
      await sleep(pause * (0.7 + Math.random() * 0.6));
    }
  }
}

/**
 * A file from a GET `/api` endpoint answering a FileDownload (the guest list's CSV), sent with
 * the caller's ID token; failures as for `apiRequest`. Screens call it through `downloadApi`.
 */
export async function apiFile(path: string): Promise<Blob> {
  return (await sendOnce('GET', path)).blob();
}

/** One request: its successful answer, or the failure as an ApiError with a sentence. */
async function sendOnce(method: ApiMethod, path: string, body?: unknown): Promise<Response> {
  if (!isOnline()) throw new ApiError(0, OFFLINE_REQUEST_MESSAGE);
  const headers: Record<string, string> = {};
  // Nobody is signed in on a page that has not loaded Auth (auth-loader.ts).
  const user = loadedAuth()?.currentUser() ?? null;
  let res: Response;
  try {
    if (user) headers.Authorization = `Bearer ${await user.getIdToken()}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    res = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (err) {
    // fetch rejects only when no answer came (network down, timeout); a token refresh offline
    // fails the same way. A timeout while the site itself answers is a busy server, not a lost
    // connection: the screen stays as it is, saying so.
    console.warn(`${method} ${path} got no answer`, err);
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    if (timedOut && isOnline() && (await networkReachesSite())) {
      reportBusy();
      throw new ApiError(0, BUSY_MESSAGE);
    }
    const deviceOffline = !isOnline();
    reportNoAnswer();
    throw new ApiError(0, deviceOffline ? OFFLINE_REQUEST_MESSAGE : UNREACHABLE_MESSAGE);
  }
  reportAnswer(res.status);
  if (res.status === 503) reportBusy();
  if (res.ok) return res;
  const text = await res.text().catch(() => '');
  const parsed = parseJson(text);
  const serverError =
    parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string'
      ? parsed.error
      : null;
  throw new ApiError(res.status, serverError ?? `${res.status}: ${text || res.statusText}`);
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The message to show for a failed call: the server's or our own sentence, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return describeError(err, fallback);
}
