import { API } from '@gatherly/domain/api/endpoints';
import type {
  SubscriptionLimitsResponse,
  SubscriptionResponse,
} from '@gatherly/domain/api/responses';
import { callApi } from '../../lib/api-client.ts';

export type { SubscriptionLimitsResponse, SubscriptionResponse };

/** GET /api/user/subscription; any failure becomes 'Failed to fetch subscription' (docs/product.md, "Subscription tiers and limits"). */
export async function fetchSubscription(): Promise<SubscriptionResponse> {
  try {
    return await callApi(API.subscription);
  } catch (err) {
    console.error(err);
    throw new Error('Failed to fetch subscription');
  }
}

/** GET /api/user/subscription/limits; failure → 'Failed to fetch subscription limits'. */
export async function fetchSubscriptionLimits(): Promise<SubscriptionLimitsResponse> {
  try {
    return await callApi(API.subscriptionLimits);
  } catch (err) {
    console.error(err);
    throw new Error('Failed to fetch subscription limits');
  }
}

/** Where the upgrade buttons send people (a new tab). */
export const PRICING_URL: string = import.meta.env.VITE_PRICING_URL ?? '/pricing.html';
