import { useCallback, useState } from 'react';
import { showToast } from '../../lib/toast-store.ts';
import type { CarpoolDoc } from '../../lib/types.ts';
import { requireConnection } from '../../lib/offline/offline-toast.ts';
import { joinCarpool } from './data.ts';

/** Join with the 'Joining...' state on the one card being joined and its toasts (docs/product.md, "Travel"). */
export function useJoinCarpool() {
  const [joiningId, setJoiningId] = useState<string | null>(null);
  const join = useCallback(async (carpool: CarpoolDoc) => {
    if (!requireConnection('Joining a carpool')) return;
    setJoiningId(carpool.id);
    try {
      await joinCarpool(carpool);
      showToast({
        title: 'Joined Carpool',
        description: `You joined the carpool from ${carpool.fromLocation} to ${carpool.toLocation}.`,
        status: 'success',
      });
    } catch (err) {
      console.error('Join carpool failed', err);
      showToast({
        title: 'Error',
        description: 'Failed to join carpool. Please try again.',
        status: 'error',
      });
    } finally {
      setJoiningId(null);
    }
  }, []);
  return { joiningId, join };
}
