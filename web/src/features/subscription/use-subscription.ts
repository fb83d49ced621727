import { useCallback, useEffect, useState } from 'react';
import { fetchSubscription, type SubscriptionResponse } from './subscription-api.ts';

export interface SubscriptionState {
  subscription: SubscriptionResponse | null;
  loading: boolean;
  error: Error | null;
  reload(): void;
}

/**
 * The signed-in user's tier and usage, fetched on mount (no caching: usage changes often);
 * `enabled` false asks nothing (a screen that needs the plan of its creator only).
 */
export function useSubscription(enabled = true): SubscriptionState {
  const [subscription, setSubscription] = useState<SubscriptionResponse | null>(null);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<Error | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    fetchSubscription()
      .then((data) => {
        if (cancelled) return;
        setSubscription(data);
        setError(null);
      })
      .catch((err: Error) => {
        if (!cancelled) setError(err);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [version, enabled]);

  // Loading starts true; a reload sets it again with the request it starts.
  const reload = useCallback(() => {
    setLoading(true);
    setVersion((v) => v + 1);
  }, []);
  return { subscription, loading, error, reload };
}
