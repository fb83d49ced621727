// Journey 12: e-mail that is actually delivered. The organiser invites a person by e-mail; the
// person finds the invitation in the local inbox (maildev, started by `npm start`), follows its
// Accept link and joins. A second guest joins; one answers Going to an item, the other Not Going.
// The organiser sends an announcement to those going: only the guest who answered Going gets it
// in the inbox, and the feed shows it. The composer and the profile page are saved light and dark.
import type { Page } from 'playwright-core';
import { check, gone, hasText, until, visible } from '../lib/expect.ts';
import {
  acceptInvitation,
  addMember,
  bannerHeading,
  chooseMenuItem,
  createEvent,
  inviteByEmail,
  signInFromLanding,
} from '../lib/flows.ts';
import { INBOX, inbox, to, waitForMail } from '../lib/inbox.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

const item = (page: Page, title: string) =>
  page.getByTestId('schedule-item').filter({ hasText: title });

async function rsvp(person: Person, title: string, answer: 'Going' | 'Not Going') {
  const row = item(person.page, title);
  await row.getByRole('button', { name: /^Your RSVP:/ }).click();
  await chooseMenuItem(person.page, answer);
  await visible(row.getByRole('button', { name: `Your RSVP: ${answer}` }), `${answer} chosen`);
}

/** Runs `show` (which opens a screen state) and saves it, in light and then in dark mode. */
async function shootLightAndDark(person: Person, name: string, show: () => Promise<void>) {
  for (const mode of ['light', 'dark'] as const) {
    await person.page.evaluate((m) => localStorage.setItem('theme', m), mode);
    await person.page.reload();
    await show();
    await person.shoot(mode === 'light' ? name : `${name}-dark`);
  }
  await person.page.evaluate(() => localStorage.setItem('theme', 'light'));
  await person.page.reload();
}

export async function email({ person, step }: JourneyContext): Promise<void> {
  const ora = await person('Ora Organiser');
  const gus = await person('Gus Going');
  const nia = await person('Nia Notgoing');
  const eventName = `Lake Weekend ${Date.now().toString(36)}`;
  const message = `Boats leave the jetty at 9:00 sharp (${Date.now().toString(36)})`;
  let eventId = '';

  await step('the organiser creates an event and invites a person by e-mail', async () => {
    await signInFromLanding(ora);
    eventId = await createEvent(ora, {
      name: eventName,
      location: 'Lakeside Lodge',
      dates: { start: '2027-08-13T17:00', end: '2027-08-15T12:00' },
    });
    await inviteByEmail(ora, eventId, gus.email);
  });

  await step(
    'the person opens the invitation from the local inbox, follows Accept and joins',
    async () => {
      const mail = await waitForMail(gus.email, /invited you to/);
      check(mail.subject.includes(eventName), `the subject names the event: ${mail.subject}`);
      await gus.visit(`/`, 'landing', (p) => p.getByRole('button', { name: 'Sign In' }));
      await gus.page.goto(`${INBOX}/api/email/${mail.id}/html`);
      const accept = gus.page.getByRole('link', { name: 'Accept invitation' });
      await visible(accept, 'the Accept button in the e-mail');
      await visible(gus.page.getByText('Lakeside Lodge'), 'the location in the e-mail');
      await gus.shoot('invitation-email');
      const href = await accept.getAttribute('href');
      check(href !== null && /\/invite\/[A-Za-z0-9_-]{40,}$/.test(href), `accept link ${href}`);
      await acceptInvitation(gus, href!, eventName);
    },
  );

  await step('a second guest joins; the organiser adds an item; answers differ', async () => {
    await signInFromLanding(nia);
    await addMember(ora, nia, eventId, eventName);
    await ora.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
    await ora.page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = ora.page.getByRole('dialog', { name: 'Add Schedule Item' });
    await dialog.getByLabel('Title').fill('Boat trip');
    await dialog.getByLabel('Start Time').fill('2027-08-14T09:00');
    await dialog.getByLabel('Location').fill('Jetty');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await gone(dialog, 'the Add Schedule Item dialog');
    for (const guest of [gus, nia]) {
      await guest.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
      await visible(item(guest.page, 'Boat trip'), `the item on ${guest.name}'s dashboard`);
    }
    await rsvp(gus, 'Boat trip', 'Going');
    await rsvp(nia, 'Boat trip', 'Not Going');
    check(
      (await gus.page.getByRole('button', { name: 'Send Announcement' }).count()) === 0,
      'a guest must not see Send Announcement',
    );
  });

  await step('the composer checks the message and offers answers per item', async () => {
    const page = ora.page;
    await page.getByRole('button', { name: 'Send Announcement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Announcement' });
    await dialog.getByRole('button', { name: 'Send Announcement' }).click();
    await visible(dialog.getByText('Write a message'), "'Write a message'");
    await dialog.getByLabel('Send to').selectOption({ label: 'Going to Boat trip' });
    await dialog.getByLabel('Message').fill(message);
    await ora.shoot('announcement-composer');
  });

  await step('the organiser sends it to those going: only they get the e-mail', async () => {
    const page = ora.page;
    const dialog = page.getByRole('dialog', { name: 'Send Announcement' });
    await dialog.getByRole('button', { name: 'Send Announcement' }).click();
    await visible(page.getByText('Announcement Sent'), "the 'Announcement Sent' toast");
    await visible(
      page.getByText('E-mailed to 1 member (Going to Boat trip) and added to the activity feed.'),
      'how many were e-mailed',
    );
    await gone(dialog, 'the composer');
    const mail = await waitForMail(gus.email, /a message from Ora Organiser/);
    const res = await fetch(`${INBOX}/api/email/${mail.id}/html`);
    check((await res.text()).includes(message), 'the message in the e-mail');
    // The guest who answered Not Going and the author get no copy (give the fan-out a moment).
    await new Promise((r) => setTimeout(r, 3000));
    const others = (await inbox()).filter(
      (m) => (to(nia.email)(m) || to(ora.email)(m)) && /a message from/.test(m.subject),
    );
    check(others.length === 0, `no announcement e-mail to others (${others.length})`);
  });

  await step('the feed shows the announcement to every member', async () => {
    for (const p of [ora, nia]) {
      await p.visit(`/events/${eventId}/activity`, 'activity', (pg) =>
        pg.getByRole('heading', { name: 'Recent Activity' }),
      );
      await visible(
        p.page.getByTestId('activity-entry').filter({ hasText: 'sent an announcement' }),
        `the announcement in ${p.name}'s feed`,
      );
    }
    await hasText(
      nia.page.getByTestId('activity-entry').filter({ hasText: 'sent an announcement' }),
      /Ora Organiser sent an announcement: “Boats leave the jetty/,
      'the feed entry',
    );
    await nia.shoot('activity-feed');
  });

  await step('screens: the composer and the profile page, light and dark', async () => {
    await shootLightAndDark(ora, 'composer', async () => {
      await visible(
        ora.page.getByRole('heading', { name: 'Recent Activity' }),
        'the activity screen',
      );
      await ora.page.getByRole('button', { name: 'Send Announcement' }).click();
      const dialog = ora.page.getByRole('dialog', { name: 'Send Announcement' });
      await dialog.getByLabel('Send to').selectOption({ label: 'No answer yet for Boat trip' });
      await dialog.getByLabel('Message').fill('Life jackets are in the boathouse.');
    });
    await shootLightAndDark(gus, 'profile', async () => {
      await gus.visit('/profile', 'profile', (p) =>
        p.getByRole('heading', { name: 'Your Profile' }),
      );
      await visible(gus.page.getByRole('checkbox', { name: 'Event reminders' }), 'the switches');
    });
  });

  await step('the profile menu leads to the preferences; a switch is saved', async () => {
    await gus.page.getByRole('button', { name: 'Profile menu' }).click();
    await gus.timed(
      'profile',
      () => chooseMenuItem(gus.page, 'Profile & e-mail'),
      (p) => p.getByRole('heading', { name: 'Your Profile' }),
    );
    const announcements = gus.page.getByRole('checkbox', { name: 'Announcements from hosts' });
    check(await announcements.isChecked(), 'announcements on by default');
    await announcements.click({ force: true });
    await visible(
      gus.page.getByText('Announcements from hosts: off. Saved.'),
      'the saved preference',
    );
    await gus.page.reload();
    await until('the preference to stay off after a reload', async () => {
      const box = gus.page.getByRole('checkbox', { name: 'Announcements from hosts' });
      return (await box.count()) > 0 && !(await box.isChecked());
    });
  });
}
