// Per-field auto-save state (docs/product.md, "Settings"): idle → saving → saved (back to idle after 2 s) or
// error (back to idle after 3 s, with the 'Save Failed' toast). Offline, or when the server is
// slow to confirm, the write is already saved on the device: 'queued' says so until the server
// confirms (then 'saved'), so "Saving..." never shows for more than a few seconds.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDb } from '../../lib/live/index.ts';
import { showToast } from '../../lib/toast-store.ts';
import { commitWrite } from '../../lib/offline/commit-write.ts';

export type SaveStatus = 'idle' | 'saving' | 'queued' | 'saved' | 'error';

export const SAVED_INDICATOR_MS = 2000;
export const ERROR_INDICATOR_MS = 3000;

export function useAutoSave() {
  const db = useDb();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(0);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const settle = useCallback((mine: number, next: 'saved' | 'error') => {
    if (mine !== latest.current) return;
    if (timer.current) clearTimeout(timer.current);
    setStatus(next);
    timer.current = setTimeout(
      () => setStatus('idle'),
      next === 'saved' ? SAVED_INDICATOR_MS : ERROR_INDICATOR_MS,
    );
  }, []);

  /** Resolves true once the change is saved (on the server, or queued on this device). */
  const run = useCallback(
    async (write: () => Promise<unknown>): Promise<boolean> => {
      if (timer.current) clearTimeout(timer.current);
      const mine = ++latest.current;
      setStatus('saving');
      try {
        const ack = write();
        if ((await commitWrite(db, () => ack)) === 'queued') {
          if (mine === latest.current) setStatus('queued');
          // Confirmed once the connection is back; a refusal then is toasted by the write queue.
          ack.then(
            () => settle(mine, 'saved'),
            () => settle(mine, 'error'),
          );
          return true;
        }
        settle(mine, 'saved');
        return true;
      } catch (err) {
        console.error('Auto-save failed', err);
        showToast({
          title: 'Save Failed',
          description: "Changes couldn't be saved automatically. Please try again.",
          status: 'error',
        });
        settle(mine, 'error');
        return false;
      }
    },
    [db, settle],
  );

  return { status, run };
}
