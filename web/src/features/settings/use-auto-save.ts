// Per-field auto-save state (docs/product.md, "Settings"): idle → saving → saved (back to idle after 2 s) or
// error (back to idle after 3 s, with the 'Save Failed' toast).
import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '../../components/toaster.tsx';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export const SAVED_INDICATOR_MS = 2000;
export const ERROR_INDICATOR_MS = 3000;

export function useAutoSave() {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const run = useCallback(async (write: () => Promise<unknown>): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    setStatus('saving');
    try {
      await write();
      setStatus('saved');
      timer.current = setTimeout(() => setStatus('idle'), SAVED_INDICATOR_MS);
      return true;
    } catch (err) {
      console.error('Auto-save failed', err);
      setStatus('error');
      showToast({
        title: 'Save Failed',
        description: "Changes couldn't be saved automatically. Please try again.",
        status: 'error',
      });
      timer.current = setTimeout(() => setStatus('idle'), ERROR_INDICATOR_MS);
      return false;
    }
  }, []);

  return { status, run };
}
