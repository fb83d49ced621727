// Every failure shown to a person is a sentence: never "[object Event]", a stack, or an SDK's
// internal wording. Firebase errors are recognised by their `code` (no SDK import, so the root
// bundle can use this).
import { UNREACHABLE_MESSAGE, isOnline, OFFLINE_REQUEST_MESSAGE } from './offline/connectivity.ts';

const BY_CODE: Record<string, string> = {
  'permission-denied': "You don't have permission to do that.",
  unauthenticated: 'Your session has ended. Please sign in again.',
  unavailable: UNREACHABLE_MESSAGE,
  'deadline-exceeded': UNREACHABLE_MESSAGE,
  'resource-exhausted': 'Too many requests right now. Please try again in a minute.',
  'not-found': 'That item no longer exists.',
  'auth/network-request-failed': UNREACHABLE_MESSAGE,
  'storage/unauthorized': "You don't have permission to upload here.",
  'storage/unauthenticated': 'Your session has ended. Please sign in again.',
  'storage/retry-limit-exceeded': 'The upload kept failing. Check your connection and try again.',
  'storage/quota-exceeded': 'The storage quota is full. Ask the event organiser for space.',
  'storage/server-file-wrong-size': 'The upload was interrupted. Please try again.',
  'storage/unknown': UNREACHABLE_MESSAGE,
};

function codeOf(err: unknown): string | null {
  if (typeof err !== 'object' || err === null || !('code' in err)) return null;
  return typeof err.code === 'string' ? err.code.replace(/^firestore\//, '') : null;
}

const CONNECTION_CODES = new Set([
  'unavailable',
  'deadline-exceeded',
  'auth/network-request-failed',
  'storage/retry-limit-exceeded',
]);

/** A failure caused by the network rather than by the request (worth "check your connection"). */
export function isConnectionFailure(err: unknown): boolean {
  if (!isOnline()) return true;
  if (err instanceof Error && err.name === 'ApiError' && 'status' in err && err.status === 0)
    return true;
  const code = codeOf(err);
  return code !== null && CONNECTION_CODES.has(code);
}

/** Error classes whose message we wrote for people (the API's `error` field among them). */
const READABLE = new Set(['Error', 'ApiError', 'BannerUploadError', 'SignInError']);

/**
 * The sentence to show for a failure: a known Firebase code's sentence, our own errors' message,
 * an offline note when the device has no network, else the caller's fallback.
 */
export function describeError(err: unknown, fallback: string): string {
  const code = codeOf(err);
  if (code && code in BY_CODE) return BY_CODE[code]!;
  if (code === null && err instanceof Error && READABLE.has(err.name) && isSentence(err.message))
    return err.message;
  if (!isOnline()) return OFFLINE_REQUEST_MESSAGE;
  return fallback;
}

/**
 * Rejects what is not worth showing: empty, "[object …]", JSON, an SDK's prefixed text, or a
 * bare "502: <html>…" from a proxy that answered instead of the API.
 */
function isSentence(message: string): boolean {
  const text = message.trim();
  return (
    text !== '' &&
    !text.startsWith('[object') &&
    !/^[{[<]/.test(text) &&
    !/^Firebase\b/.test(text) &&
    !/^\d{3}: /.test(text)
  );
}
