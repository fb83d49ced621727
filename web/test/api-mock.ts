import type { MockedFunction } from 'vitest';
import { ApiError, type ApiMethod, type apiRequest } from '../src/lib/api.ts';

type Handler = (body: unknown) => unknown;

/**
 * Routes `apiRequest` calls (mocked with vi.mock in each test file) to per-test handlers keyed
 * "METHOD /path". A handler that throws makes the call reject with that error.
 */
export function routeApi(
  mock: MockedFunction<typeof apiRequest>,
  handlers: Record<string, Handler>,
) {
  mock.mockImplementation(async <T>(method: ApiMethod, path: string, body?: unknown) => {
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new ApiError(404, `404: no handler for ${method} ${path}`);
    // Each test's handlers answer with the shape the screen under test asks for.
    return handler(body) as T;
  });
}

export const subscription = (
  tier: 'free' | 'paid' | 'enterprise',
  events: [number, number],
  invitations: [number, number] = [0, 20],
  storage: [number, number] = [10, 500],
) => ({
  tier,
  displayName: tier === 'free' ? 'Free' : tier === 'paid' ? 'Pro' : 'Enterprise',
  usage: {
    events: `${events[0]}/${events[1]}`,
    invitationsToday: `${invitations[0]}/${invitations[1]}`,
    storage: `${storage[0]}/${storage[1]}`,
  },
  usageCounts: {
    events: { used: events[0], limit: events[1] },
    invitationsToday: { used: invitations[0], limit: invitations[1] },
    storage: { used: storage[0], limit: storage[1] },
  },
  features: {
    customBrandingEnabled: true,
    customBrandingAdvancedEnabled: tier !== 'free',
    priorityEmailDelivery: tier === 'enterprise',
    exportDataEnabled: tier !== 'free',
    analyticsEnabled: tier !== 'free',
    advancedSchedulingEnabled: tier !== 'free',
  },
});

export { ApiError };
