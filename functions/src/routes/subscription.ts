import { route, type Route } from '../router.ts';
import { eventLimits, subscriptionSummary } from '../services/account.ts';

export const subscriptionRoutes: Route[] = [
  route({
    method: 'GET',
    pattern: '/user/subscription',
    access: 'app',
    async handle({ caller }) {
      return { body: await subscriptionSummary(caller) };
    },
  }),
  route({
    method: 'GET',
    pattern: '/user/subscription/limits',
    access: 'app',
    async handle({ caller }) {
      return { body: await eventLimits(caller) };
    },
  }),
];
