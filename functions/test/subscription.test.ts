import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newUser, startStack, type Stack } from './harness.ts';
import { createEvent, invite, login, putObject } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

describe('subscription', () => {
  it('reports usage as "used/limit" strings with numbers and features', async () => {
    const user = newUser('sub');
    await login(stack, user);
    const eventId = await createEvent(stack, user);
    await invite(stack, eventId, user, newUser('guest'), 'attendee', false);
    await putObject(`uploads/${eventId}/photos/${user.uid}/big.jpg`, 3 * 1024 * 1024 + 5);
    expect(
      (
        await stack.call('POST', `/api/events/${eventId}/photos`, {
          as: user,
          body: {
            filename: 'big.jpg',
            objectPath: `uploads/${eventId}/photos/${user.uid}/big.jpg`,
          },
        })
      ).status,
    ).toBe(201);
    const res = await stack.call<Body>('GET', '/api/user/subscription', { as: user });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tier: 'free',
      displayName: 'Free',
      usage: { events: '1/2', invitationsToday: '1/20', storage: '4/500' },
      usageCounts: {
        events: { used: 1, limit: 2 },
        invitationsToday: { used: 1, limit: 20 },
        storage: { used: 4, limit: 500 },
      },
      features: {
        customBrandingEnabled: true,
        customBrandingAdvancedEnabled: false,
        priorityEmailDelivery: false,
        exportDataEnabled: false,
        analyticsEnabled: false,
        advancedSchedulingEnabled: false,
      },
    });
    expect((await stack.call('GET', '/api/user/subscription')).status).toBe(401);
  });
});
