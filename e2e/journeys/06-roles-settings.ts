// Journey 6: the creator promotes a member to admin; the new admin edits settings (auto-save, TBD,
// theme colours with the accessibility toast); demoting is the creator's alone (no control in the
// UI, 403 from the API); the creator removes a member, who loses access at once.
import type { Page } from 'playwright-core';
import { callApi, idTokenOf } from '../lib/api.ts';
import { check, gone, hasText, visible } from '../lib/expect.ts';
import {
  addMember,
  bannerHeading,
  createEvent,
  eventsHeading,
  membersHeading,
  navigate,
  signInFromLanding,
} from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';

const settingsHeading = (p: Page) => p.getByRole('heading', { name: 'Event Settings' });
const memberCard = (page: Page, email: string) =>
  page.getByTestId('member-card').filter({ hasText: email });

function uidOf(token: string): string {
  return (
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { user_id: string }
  ).user_id;
}

export async function rolesAndSettings({ person, step }: JourneyContext): Promise<void> {
  const nia = await person('Nia Creator');
  const oli = await person('Oli Promoted');
  const pat = await person('Pat CoAdmin');
  const stamp = Date.now().toString(36);
  const eventName = `Team Offsite ${stamp}`;
  const renamed = `Team Offsite Lisbon ${stamp}`;
  let eventId = '';

  await step(
    'the creator creates an event; one friend joins as attendee, one as admin',
    async () => {
      await signInFromLanding(nia);
      eventId = await createEvent(nia, {
        name: eventName,
        dates: { start: '2027-10-04T09:00', end: '2027-10-06T17:00' },
      });
      await addMember(nia, oli, eventId, eventName, 'attendee');
      await addMember(nia, pat, eventId, eventName, 'admin');
    },
  );

  await step('an attendee has no Settings and is sent back from /settings', async () => {
    const nav = oli.page.getByRole('navigation', { name: 'Event navigation' });
    await visible(nav.getByRole('link', { name: 'Members' }), 'the Members nav item');
    check(
      (await nav.getByRole('link', { name: 'Settings' }).count()) === 0,
      'an attendee must not see the Settings nav item',
    );
    await oli.visit(
      `/events/${eventId}/settings`,
      'settings (attendee, redirected)',
      bannerHeading(eventName),
    );
    check(
      oli.page.url().endsWith(`/events/${eventId}`),
      `attendee redirected to the dashboard, got ${oli.page.url()}`,
    );
  });

  await step('the creator promotes the attendee to admin from the members screen', async () => {
    const page = nia.page;
    await hasText(
      page.getByTestId('member-totals'),
      'Total: 3 Creators: 1 Admins: 1 Attendees: 1',
      'the role totals',
    );
    await page.getByLabel(`Role of ${oli.name}`).selectOption('admin');
    const dialog = page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog'))
      .filter({ hasText: 'Change Member Role' });
    await visible(
      dialog.getByText(`Change ${oli.name}'s role from Attendee to Admin?`),
      'the confirmation text',
    );
    await visible(dialog.getByTestId('role-note'), 'the admin role note');
    await nia.shoot('promote-dialog');
    await dialog.getByRole('button', { name: 'Change Role' }).click();
    await visible(page.getByText('Role Updated'), "the 'Role Updated' toast");
    await hasText(
      page.getByTestId('member-totals'),
      'Total: 3 Creators: 1 Admins: 2 Attendees: 0',
      'the role totals after promotion',
    );
    await nia.shoot('members-after-promotion');
  });

  await step(
    'the new admin gets Settings live and opens it (no Role Management: creator only)',
    async () => {
      const nav = oli.page.getByRole('navigation', { name: 'Event navigation' });
      await visible(
        nav.getByRole('link', { name: 'Settings' }),
        "the Settings nav item on the new admin's screen",
      );
      await navigate(oli, 'Settings', 'settings', settingsHeading);
      await visible(oli.page.getByText('Changes are saved automatically.'), 'the auto-save note');
      check(
        (await oli.page.getByRole('heading', { name: 'Role Management' }).count()) === 0,
        'Role Management is for the creator only',
      );
    },
  );

  await step(
    'the admin renames the event: saved on blur, live on the creator’s dashboard',
    async () => {
      await navigate(nia, 'Dashboard', 'dashboard', bannerHeading(eventName));
      const name = oli.page.getByRole('textbox', { name: 'Event Name' });
      await name.fill(renamed);
      await name.press('Tab');
      await visible(oli.page.getByText('✓ Saved'), "the '✓ Saved' indicator");
      await visible(bannerHeading(renamed)(nia.page), "the new name on the creator's banner");
    },
  );

  await step(
    'the admin switches the dates to To Be Determined: Date TBD for everyone',
    async () => {
      await oli.page.getByText('To Be Determined', { exact: true }).click();
      await visible(
        oli.page.getByText(
          'Event dates will be set later. Members will be notified once the dates are confirmed.',
        ),
        'the TBD note',
      );
      await visible(oli.page.getByText('✓ Saved'), 'the dates saved');
      await visible(
        nia.page.getByTestId('event-banner').getByText('Date TBD'),
        "'Date TBD' on the creator's banner",
      );
    },
  );

  await step('the admin changes theme colours and gets the accessibility toasts', async () => {
    const page = oli.page;
    const background = page.getByRole('textbox', { name: 'Background Color hex' });
    await background.fill('#fffbeb');
    await background.press('Tab');
    await visible(
      page.getByText('Color meets accessibility standards'),
      "'Color meets accessibility standards'",
    );
    await visible(
      page.getByText('Color meets WCAG AA standards (17.06:1 contrast)'),
      'the contrast ratio',
    );
    const surface = page.getByRole('textbox', { name: 'Surface Color hex' });
    await surface.fill('#1f2937');
    await surface.press('Tab');
    await visible(
      page.getByText('Color optimized for accessibility', { exact: true }),
      "'Color optimized for accessibility'",
    );
    const primary = page.getByRole('textbox', { name: 'Primary Color hex' });
    await primary.fill('#0f766e');
    await primary.press('Tab');
    await visible(page.getByText('✓ Saved'), 'the colours saved');
    await oli.shoot('settings');
    const applied = await nia.page.evaluate(() =>
      document.documentElement.style.getPropertyValue('--gatherly-primary').trim(),
    );
    check(
      applied === '#0f766e',
      `the new primary colour reaches the creator live (got "${applied}")`,
    );
  });

  await step(
    'demoting is the creator’s alone: no control for an admin, and the API answers 403',
    async () => {
      await oli.visit(`/events/${eventId}/members`, 'members', membersHeading);
      await visible(memberCard(oli.page, pat.email), "the co-admin's card");
      check(
        (await oli.page.getByLabel(`Role of ${pat.name}`).count()) === 0,
        'an admin must not get a role control',
      );
      check(
        (await oli.page.getByRole('combobox').count()) === 0,
        'no role select at all for a non-creator',
      );
      const patUid = uidOf(await idTokenOf(pat.page));
      const answer = await callApi(oli, 'PATCH', `/api/events/${eventId}/members/${patUid}/role`, {
        role: 'attendee',
      });
      check(
        answer.status === 403,
        `PATCH role by an admin: expected 403, got ${answer.status} ${JSON.stringify(answer.body)}`,
      );
      await visible(
        memberCard(oli.page, pat.email).getByText('Admin', { exact: true }),
        'the co-admin still an admin',
      );
      await oli.shoot('members-as-admin');
    },
  );

  await step('the creator removes the co-admin', async () => {
    await nia.visit(`/events/${eventId}/members`, 'members', membersHeading);
    await pat.visit(`/events/${eventId}`, 'dashboard', bannerHeading(renamed));
    await nia.page.getByRole('button', { name: `Remove ${pat.name}` }).click();
    const dialog = nia.page
      .getByRole('alertdialog')
      .or(nia.page.getByRole('dialog'))
      .filter({ hasText: 'Remove Member' });
    await visible(
      dialog.getByText(/they will lose access to all event information/),
      'the removal warning',
    );
    await nia.shoot('remove-dialog');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await visible(nia.page.getByText('Member Removed'), "the 'Member Removed' toast");
    await gone(memberCard(nia.page, pat.email), "the removed member's card");
  });

  await step(
    'the removed member loses access: the open dashboard, the list and the old link',
    async () => {
      // The membership listener drops the event at once: the open dashboard says the access is gone.
      await visible(
        pat.page.getByRole('heading', { name: 'You no longer have access to this event' }),
        "'You no longer have access to this event' on the removed member's open dashboard",
      );
      await pat.timed(
        'events list',
        () => pat.page.getByRole('link', { name: 'Back to Dashboard' }).click(),
        eventsHeading(pat.name),
      );
      await visible(
        pat.page.getByRole('heading', { name: 'No Events Yet' }),
        "the removed member's empty list",
      );
      await pat.visit(`/events/${eventId}`, 'dashboard (removed)', (p) =>
        p.getByRole('heading', { name: 'Access Denied' }),
      );
      await visible(
        pat.page.getByText('You have not been invited to this event'),
        'the access-denied text',
      );
      await pat.shoot('removed-member');
      const api = await callApi(pat, 'GET', `/api/events/${eventId}`);
      check(
        api.status === 404,
        `the API hides the event from a removed member: expected 404, got ${api.status}`,
      );
    },
  );
}
