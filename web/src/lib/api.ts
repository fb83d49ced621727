import { getAppAuth } from './firebase.ts';

/** A non-OK `/api` response. `message` is the server's `error` field, else "status: statusText". */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Calls the `/api` function. Identity travels only as the Firebase ID token (functions ignore
 * x-user-* identity headers, which a client could forge).
 */
export async function apiRequest<T>(method: ApiMethod, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  const user = getAppAuth().currentUser;
  if (user) headers.Authorization = `Bearer ${await user.getIdToken()}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = parseJson(text);
  if (!res.ok) {
    const serverError =
      parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string' ? parsed.error : null;
    throw new ApiError(res.status, serverError ?? `${res.status}: ${text || res.statusText}`);
  }
  return parsed as T;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The message to show for a failed call: the ApiError/Error message, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
