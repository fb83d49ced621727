/**
 * The guest list's CSV export (docs/api.md, "Routes"): built by the function, decided by the
 * event creator's plan whoever asks, for admins only.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exportNeedsPlanMessage } from '@gatherly/domain/guest-csv';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import { eventWithRoles, invite, login, seedSchedule } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

const onPlan = (user: TestUser, tier: 'free' | 'paid') =>
  stack.store.user(user.uid).update({ subscriptionTier: tier });

const exportAs = (eventId: string, as: TestUser) =>
  stack.call<string | { error?: string }>('GET', `/api/events/${eventId}/guest-list.csv`, { as });

describe('the guest list export', () => {
  it('answers the file to admins on a creator plan with data export: members, answers, invitations', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    await onPlan(creator, 'paid');
    const itemId = await seedSchedule(stack.store, eventId, 'Reception');
    const rsvp = await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
      as: attendee,
      body: { status: 'going' },
    });
    expect(rsvp.status).toBe(200);
    const pending = newUser('pending');
    await login(stack, pending);
    await invite(stack, eventId, creator, pending, 'attendee', false);

    for (const who of [creator, admin]) {
      const res = await exportAs(eventId, who);
      expect(res.status).toBe(200);
      if (typeof res.body !== 'string') throw new Error(`not a file: ${JSON.stringify(res.body)}`);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Name,Email,Role,Status,Joined,Reception,Reception (party size),Reception (guests)',
      );
      expect(lines).toHaveLength(5); // header, three members, one pending invitation
      expect(lines.find((l) => l.startsWith(`${attendee.name},`))).toMatch(
        new RegExp(`^${attendee.name},${attendee.email},Attendee,Member,[^,]+,Going,1,$`),
      );
      expect(lines.at(-1)).toBe(`,${pending.email},Attendee,Invited,,,,`);
    }
  });

  it('refuses on a creator plan without it: the creator is told the plan, an admin is not', async () => {
    const { eventId, creator, admin } = await eventWithRoles(stack);
    await onPlan(creator, 'free');
    // The admin's own plan has data export: it is not the one that counts.
    await onPlan(admin, 'paid');
    const asCreator = await exportAs(eventId, creator);
    expect(asCreator.status).toBe(403);
    expect(asCreator.body).toEqual({ error: exportNeedsPlanMessage('Free') });
    const asAdmin = await exportAs(eventId, admin);
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body).toEqual({ error: exportNeedsPlanMessage(null) });
    expect(JSON.stringify(asAdmin.body)).not.toContain('Free');
  });

  it('attendees are refused and outsiders learn nothing of the event', async () => {
    const { eventId, creator, attendee, outsider } = await eventWithRoles(stack);
    await onPlan(creator, 'paid');
    expect((await exportAs(eventId, attendee)).status).toBe(403);
    const asOutsider = await exportAs(eventId, outsider);
    expect(asOutsider.status).toBe(404);
    expect((await exportAs('no-such-event', outsider)).body).toEqual(asOutsider.body);
    const signedOut = await stack.call('GET', `/api/events/${eventId}/guest-list.csv`);
    expect(signedOut.status).toBe(401);
  });
});
