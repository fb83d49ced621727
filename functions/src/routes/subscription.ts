import { API } from '@gatherly/domain/api/endpoints';
import { route, type Route } from '../router.ts';
import { eventLimits, subscriptionSummary } from '../services/account.ts';

export const subscriptionRoutes: Route[] = [
  route(API.subscription, async ({ caller }) => ({ body: await subscriptionSummary(caller) })),
  route(API.subscriptionLimits, async ({ caller }) => ({ body: await eventLimits(caller) })),
];
