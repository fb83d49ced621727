// Journey 5: the admin adds schedule items; members RSVP going / maybe / not going, and the counts
// ("1 going · 3 replies": heads going and every reply) change live on the other members'
// dashboards.
import type { Page } from 'playwright-core';
import { check, gone, hasText, visible } from '../lib/expect.ts';
import {
  addMember,
  bannerHeading,
  chooseMenuItem,
  createEvent,
  navigate,
  signInFromLanding,
} from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

const item = (page: Page, title: string) =>
  page.getByTestId('schedule-item').filter({ hasText: title });

async function rsvp(person: Person, title: string, answer: 'Going' | 'Maybe' | 'Not Going') {
  const row = item(person.page, title);
  await row.getByRole('button', { name: /^Your RSVP:/ }).click();
  await chooseMenuItem(person.page, answer);
  await visible(
    row.getByRole('button', { name: `Your RSVP: ${answer}` }),
    `${person.name}'s RSVP chip to read ${answer}`,
  );
}

export async function schedule({ person, step }: JourneyContext): Promise<void> {
  const kim = await person('Kim Organiser');
  const lee = await person('Lee Guest');
  const max = await person('Max Guest');
  const eventName = `Reunion Weekend ${Date.now().toString(36)}`;
  let eventId = '';

  await step('the creator creates an event; two friends join by invitation', async () => {
    await signInFromLanding(kim);
    eventId = await createEvent(kim, {
      name: eventName,
      dates: { start: '2027-07-02T17:00', end: '2027-07-04T12:00' },
    });
    for (const guest of [lee, max]) await addMember(kim, guest, eventId, eventName);
    await visible(lee.page.getByText('No events scheduled yet'), "'No events scheduled yet'");
  });

  await step(
    'attendees get no schedule controls; the admin adds two items from the dashboard',
    async () => {
      await navigate(kim, 'Dashboard', 'dashboard', bannerHeading(eventName));
      check(
        (await lee.page.getByRole('button', { name: 'Add Item' }).count()) === 0,
        'an attendee must not see Add Item',
      );
      const page = kim.page;
      await page.getByRole('button', { name: 'Add Item' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Schedule Item' });
      await dialog.getByRole('button', { name: 'Add Item' }).click();
      await visible(dialog.getByText('Title is required'), "'Title is required'");
      await visible(dialog.getByText('Start time is required'), "'Start time is required'");
      await dialog.getByLabel('Title').fill('Welcome Drinks');
      await dialog.getByLabel('Description').fill('Meet on the terrace.');
      await dialog.getByLabel('Start Time').fill('2027-07-02T18:00');
      await dialog.getByLabel('End Time (optional)').fill('2027-07-02T20:00');
      await dialog.getByLabel('Location').fill('Hotel terrace');
      await kim.shoot('add-schedule-item');
      await dialog.getByRole('button', { name: 'Add Item' }).click();
      await visible(page.getByText('Schedule Item Added'), "the 'Schedule Item Added' toast");
      await gone(dialog, 'the Add Schedule Item dialog');
      await page.getByRole('button', { name: 'Add Item' }).click();
      await dialog.getByLabel('Title').fill('Group Hike');
      await dialog.getByLabel('Start Time').fill('2027-07-03T08:00');
      await dialog.getByLabel('Location').fill('Trailhead car park');
      await dialog.getByRole('button', { name: 'Add Item' }).click();
      await gone(dialog, 'the Add Schedule Item dialog');
      await max.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
      for (const p of [kim, lee, max]) {
        await visible(item(p.page, 'Welcome Drinks'), `Welcome Drinks on ${p.name}'s dashboard`);
        await visible(item(p.page, 'Group Hike'), `Group Hike on ${p.name}'s dashboard`);
        await hasText(
          item(p.page, 'Welcome Drinks').getByTestId('rsvp-counts'),
          '0 going · 0 replies',
          'no answers yet',
        );
        await visible(
          item(p.page, 'Welcome Drinks').getByRole('button', { name: 'Your RSVP: Not Responded' }),
          "'Not Responded'",
        );
      }
      await lee.shoot('schedule-not-responded');
    },
  );

  await step('a member answers Going: the other members see 1 going · 1 reply live', async () => {
    await rsvp(lee, 'Welcome Drinks', 'Going');
    for (const p of [kim, max])
      await hasText(
        item(p.page, 'Welcome Drinks').getByTestId('rsvp-counts'),
        '1 going · 1 reply',
        `${p.name}'s count`,
      );
    await hasText(kim.page.getByTestId('stat-going'), /RSVPs 1$/, "the creator's RSVPs stat");
  });

  await step('another member answers Maybe: 1 going · 2 replies live', async () => {
    await rsvp(max, 'Welcome Drinks', 'Maybe');
    for (const p of [kim, lee])
      await hasText(
        item(p.page, 'Welcome Drinks').getByTestId('rsvp-counts'),
        '1 going · 2 replies',
        `${p.name}'s count`,
      );
  });

  await step(
    'the admin answers Not Going: 1 going · 3 replies live; counts stay per item',
    async () => {
      await rsvp(kim, 'Welcome Drinks', 'Not Going');
      for (const p of [lee, max])
        await hasText(
          item(p.page, 'Welcome Drinks').getByTestId('rsvp-counts'),
          '1 going · 3 replies',
          `${p.name}'s count`,
        );
      await hasText(
        item(lee.page, 'Group Hike').getByTestId('rsvp-counts'),
        '0 going · 0 replies',
        'the other item untouched',
      );
      await kim.shoot('schedule-answered');
    },
  );

  await step('changing an answer moves the counts: Maybe becomes Going', async () => {
    await rsvp(max, 'Welcome Drinks', 'Going');
    for (const p of [kim, lee])
      await hasText(
        item(p.page, 'Welcome Drinks').getByTestId('rsvp-counts'),
        '2 going · 3 replies',
        `${p.name}'s count`,
      );
    await hasText(lee.page.getByTestId('stat-going'), /RSVPs 2$/, "the member's RSVPs stat");
    await max.shoot('schedule-live');
  });

  await step(
    'the admin deletes an item: it disappears from the members’ dashboards live',
    async () => {
      await kim.page.getByRole('button', { name: 'Delete Group Hike' }).click();
      const confirm = kim.page.getByRole('alertdialog');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      for (const p of [kim, lee, max])
        await gone(item(p.page, 'Group Hike'), `Group Hike on ${p.name}'s dashboard`);
      await hasText(
        item(lee.page, 'Welcome Drinks').getByTestId('rsvp-counts'),
        '2 going · 3 replies',
        'the remaining item untouched',
      );
    },
  );
}
