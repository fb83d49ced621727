import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../lib/paths.ts';
import { fetchSubscriptionLimits, type SubscriptionLimitsResponse } from './subscription-api.ts';

/**
 * "Create" actions: check the event limit first; canCreate false opens the upgrade dialog; if
 * the check itself fails the user goes to /create-event anyway (docs/product.md, "Create Event").
 */
export function useCreateEventGate() {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [blocked, setBlocked] = useState<SubscriptionLimitsResponse | null>(null);

  const startCreate = useCallback(async () => {
    setChecking(true);
    try {
      const limits = await fetchSubscriptionLimits();
      if (!limits.canCreate) {
        setBlocked(limits);
        return;
      }
    } catch (err) {
      console.warn('Failed to check limits', err);
    } finally {
      setChecking(false);
    }
    // navigate() never rejects (docs/web.md, "Promises and effects").
    void navigate(PATHS.createEvent);
  }, [navigate]);

  return { startCreate, checking, blocked, dismiss: () => setBlocked(null) };
}
