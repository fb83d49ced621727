// Journey 7: a free-tier user reaches the event limit (Free: 2 events) and sees the upgrade
// dialog; the creator deletes an event and it disappears from every member's list.
import type { Page } from 'playwright-core';
import { callApi } from '../lib/api.ts';
import { check, gone, hasText, visible } from '../lib/expect.ts';
import {
  acceptInvitation,
  createEvent,
  eventsHeading,
  inviteByEmail,
  signInFromLanding,
} from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';

const eventCard = (page: Page, name: string) => page.getByRole('article', { name });

export async function limitsAndDelete({ person, step }: JourneyContext): Promise<void> {
  const quinn = await person('Quinn Free');
  const rae = await person('Rae Member');
  const stamp = Date.now().toString(36);
  const first = `Book Club ${stamp}`;
  const second = `Board Game Night ${stamp}`;
  let secondId = '';

  await step('a free-tier user creates two events', async () => {
    await signInFromLanding(quinn);
    await createEvent(quinn, { name: first });
    await quinn.visit('/', 'events list', eventsHeading(quinn.name));
    secondId = await createEvent(quinn, {
      name: second,
      dates: { start: '2027-03-05T19:00', end: '2027-03-05T23:00' },
    });
  });

  await step('a friend joins the second event and sees it in their list', async () => {
    const link = await inviteByEmail(quinn, secondId, rae.email);
    await acceptInvitation(rae, link, second);
    await rae.visit('/', 'events list', eventsHeading(rae.name));
    await visible(eventCard(rae.page, second), 'the event on the member’s list');
    await visible(
      eventCard(rae.page, second).getByText('Member', { exact: true }),
      'the Member role label',
    );
    check(
      (await rae.page.getByRole('button', { name: `Delete ${second}` }).count()) === 0,
      'only the creator sees a delete button',
    );
  });

  await step('the third Create opens the upgrade dialog instead of the form', async () => {
    await quinn.visit('/', 'events list', eventsHeading(quinn.name));
    await visible(
      quinn.page.getByRole('heading', { name: 'Your Events (2)' }),
      "'Your Events (2)'",
    );
    await quinn.timed(
      'upgrade dialog',
      () => quinn.page.getByRole('button', { name: 'Create Event' }).click(),
      (p) => p.getByRole('dialog').getByText('Upgrade to Pro'),
    );
    const dialog = quinn.page.getByRole('dialog');
    await visible(
      dialog.getByText(
        "You've used 2 of 2 events on the Free plan. Upgrade to Pro to create more.",
      ),
      'the limit text',
    );
    await visible(dialog.getByRole('button', { name: 'Upgrade Now' }), "'Upgrade Now'");
    await quinn.shoot('upgrade-dialog');
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await gone(quinn.page.getByRole('dialog'), 'the upgrade dialog');
    check(
      new URL(quinn.page.url()).pathname === '/',
      `still on the events list, got ${quinn.page.url()}`,
    );
  });

  await step('the server refuses a third event too: Premium subscription required', async () => {
    const answer = await callApi(quinn, 'POST', '/api/events', { name: 'Sneaky third event' });
    const message = (answer.body as { error?: string } | null)?.error ?? '';
    check(
      answer.status === 403 && message.startsWith('Premium subscription required'),
      `POST /api/events: expected 403 Premium subscription required, got ${answer.status} ${message}`,
    );
  });

  await step('the creator deletes the second event: gone from both lists, live', async () => {
    await visible(eventCard(rae.page, second), 'the event on the member’s open list');
    await quinn.page.getByRole('button', { name: `Delete ${second}` }).click();
    const dialog = quinn.page
      .getByRole('alertdialog')
      .or(quinn.page.getByRole('dialog'))
      .filter({ hasText: 'Delete Event' });
    await visible(
      dialog.getByText(`Are you sure you want to delete "${second}"?`, { exact: false }),
      'the confirmation text',
    );
    await quinn.shoot('delete-dialog');
    await dialog.getByRole('button', { name: 'Delete Event' }).click();
    await visible(quinn.page.getByText('Event Deleted'), "the 'Event Deleted' toast");
    await gone(eventCard(quinn.page, second), "the event on the creator's list");
    await visible(
      quinn.page.getByRole('heading', { name: 'Your Events (1)' }),
      "'Your Events (1)'",
    );
    // Today's invitation still counts after its event is gone (no way around the daily limit).
    await visible(
      quinn.page.getByText(/1\/2 events · 1\/20 invitations today/),
      "'1/2 events · 1/20 invitations today'",
    );
    await gone(eventCard(rae.page, second), "the event on the member's list");
    await visible(
      rae.page.getByRole('heading', { name: 'No Events Yet' }),
      "'No Events Yet' for the member",
    );
    await rae.shoot('member-list-after-delete');
    await quinn.shoot('creator-list-after-delete');
  });

  await step('with a free slot again, Create goes to the form', async () => {
    await quinn.timed(
      'create event',
      () => quinn.page.getByRole('button', { name: 'Create Event' }).click(),
      (p) => p.getByRole('heading', { name: 'Create Event' }),
    );
    await hasText(quinn.page.getByTestId('usage-badge'), /^1\/2 events/, 'the events usage badge');
    await quinn.shoot('create-with-usage');
  });
}
