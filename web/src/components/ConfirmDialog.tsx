import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../lib/use-opened-once.ts';
import type { ConfirmDialogProps } from './ConfirmDialogView.tsx';

// The dialog machinery (focus trap, dismissal) loads with the first confirmation, not with every
// screen that could ask one (docs/performance.md, "JavaScript").
const ConfirmDialogView = lazy(() => import('./ConfirmDialogView.tsx'));

/** A yes/no dialog; the confirm button shows `pendingLabel` and is disabled while `pending`. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
