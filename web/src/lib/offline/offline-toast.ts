import { showToast } from '../toast-store.ts';
import { ApiError } from '../api.ts';
import { isOnline, NO_CONNECTION, offlineReason } from './connectivity.ts';
import { QUEUED_MESSAGE } from './write-queue.ts';

/** An API call that got no answer (offline, unreachable, timed out): see api.ts. */
export function isNoConnection(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

/**
 * Refuses a server-only action while the device is offline, with a toast saying why; true when
 * the action may go ahead.
 */
export function requireConnection(action: string): boolean {
  if (isOnline()) return true;
  showToast({ title: NO_CONNECTION, description: offlineReason(action), status: 'error' });
  return false;
}

/** The toast for a direct write saved on this device while the server is out of reach. */
export function showQueuedToast(title: string): void {
  showToast({ title, description: QUEUED_MESSAGE, status: 'info' });
}
