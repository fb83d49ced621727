// Journey 24: a date poll for a trip whose dates are TBD (issue 37). The organiser proposes four
// weekends; three members answer at the same time in their own browsers; everyone sees the
// tallies, the best weekend and who answered what move live; the organiser picks the winner;
// the event shows its dates, and the e-mail with the date and its .ics arrives in the local
// inbox. The poll is saved at desktop and phone widths, light and dark.
import type { Page } from 'playwright-core';
import { setColorMode } from '../lib/a11y.ts';
import { check, gone, hasText, visible } from '../lib/expect.ts';
import { addMember, createEvent, signInFromLanding } from '../lib/flows.ts';
import { INBOX, waitForMail } from '../lib/inbox.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

const WEEKENDS = [
  ['2027-06-05', '2027-06-06'],
  ['2027-06-12', '2027-06-13'],
  ['2027-06-19', '2027-06-20'],
  ['2027-06-26', '2027-06-27'],
] as const;

type Answer = 'Yes' | 'If need be' | 'No';

const option = (page: Page, day: RegExp) =>
  page.getByTestId('poll-option').filter({ hasText: day });

async function answer(person: Person, day: RegExp, value: Answer) {
  const row = option(person.page, day);
  await row.getByRole('button', { name: value, exact: true }).click();
  await visible(
    row.locator('button[aria-pressed="true"]').filter({ hasText: value }),
    `${person.name}'s ${value} shown`,
  );
  // Saved: the member's own ballot has it (the row stops saying "Saving...").
  await visible(
    option(person.page, day).and(person.page.locator('[data-saving="false"]')),
    `${person.name}'s ${value} saved`,
  );
}

/** The screen at 1280 and 390 px in light mode, then again in dark. */
async function shootBothModes(person: Person, name: string) {
  await person.shoot(name);
  await setColorMode(person.page, 'dark');
  await person.shoot(`${name}-dark`);
  await setColorMode(person.page, 'light');
}

export async function datePoll({ person, step }: JourneyContext): Promise<void> {
  const [ora, gus, kim, nia] = await Promise.all([
    // The trip is in Pacific Time: the organiser's device is (the event takes its zone).
    person('Ora Organiser', { timezoneId: 'America/Los_Angeles' }),
    person('Gus Guest'),
    person('Kim Keen'),
    person('Nia Phone', { phone: true }),
  ]);
  const members = [gus, kim, nia];
  const eventName = `Lake Trip ${Date.now().toString(36)}`;
  let eventId = '';
  const dashboard = (p: Person) =>
    p.visit(`/events/${eventId}`, 'dashboard', (page) => page.getByTestId('poll-option').first());

  await step('the organiser creates a trip with dates TBD; three members join', async () => {
    // One at a time: four sign-in popups at once outlast the step's wait on a loaded machine.
    for (const p of [ora, ...members]) await signInFromLanding(p);
    eventId = await createEvent(ora, { name: eventName, location: 'Lake Tahoe' });
    for (const m of members) await addMember(ora, m, eventId, eventName);
  });

  await step('the organiser proposes four weekends', async () => {
    await ora.visit(`/events/${eventId}`, 'dashboard', (p) =>
      p.getByRole('button', { name: 'Propose dates' }),
    );
    // Members are on the dashboard before the poll exists: it must appear for them live. One
    // after another: three dev-server page loads at once outlast the wait on a loaded machine.
    for (const m of members) {
      await m.visit(`/events/${eventId}`, 'dashboard', (p) =>
        p.getByRole('heading', { name: 'Event Schedule' }),
      );
    }
    await ora.page.getByRole('button', { name: 'Propose dates' }).click();
    const dialog = ora.page.getByRole('dialog', { name: 'Propose dates' });
    await visible(dialog, 'the Propose dates dialog');
    await dialog.getByLabel('Question (optional)').fill('Which weekend works?');
    // Too few dates: the form says so before sending anything.
    await dialog.getByLabel('Date 1 starts').fill(WEEKENDS[0][0]);
    await dialog.getByRole('button', { name: 'Start the poll' }).click();
    await hasText(dialog.getByRole('alert'), /Propose between 2 and 20 dates/, 'too few dates');
    for (let i = 2; i < WEEKENDS.length; i += 1) {
      await dialog.getByRole('button', { name: 'Add a date' }).click();
    }
    for (const [i, [sat, sun]] of WEEKENDS.entries()) {
      await dialog.getByLabel(`Date ${i + 1} starts`).fill(sat);
      await dialog.getByLabel(`Date ${i + 1} ends`).fill(sun);
    }
    await hasText(dialog, /time zone: Pacific Time \(PDT\)/, "the event's zone with its label");
    await ora.shoot('date-poll-propose');
    await dialog.getByRole('button', { name: 'Start the poll' }).click();
    await gone(dialog, 'the dialog closed');
    await visible(ora.page.getByTestId('date-poll'), 'the poll on the dashboard');
    // The rows show once the tally shards have answered ("Loading the answers..." before).
    await visible(ora.page.getByTestId('poll-option').nth(3), 'the fourth weekend');
    check((await ora.page.getByTestId('poll-option').count()) === 4, 'four weekends proposed');
    for (const m of members) {
      await visible(m.page.getByTestId('poll-option').nth(3), `the poll live for ${m.name}`);
      // Their devices are on UTC; the dates are the trip's, in its zone.
      await hasText(
        m.page.getByTestId('date-poll'),
        /Dates in Pacific Time \(PDT\)/,
        'the zone named',
      );
    }
  });

  await step('three members answer at the same time; tallies and the best move live', async () => {
    const votes: [Person, RegExp, Answer][][] = [
      [
        [gus, /June 12, 2027/, 'Yes'],
        [gus, /June 5, 2027/, 'If need be'],
        [gus, /June 26, 2027/, 'No'],
      ],
      [
        [kim, /June 12, 2027/, 'Yes'],
        [kim, /June 19, 2027/, 'Yes'],
        [kim, /June 26, 2027/, 'No'],
      ],
      [
        [nia, /June 12, 2027/, 'If need be'],
        [nia, /June 19, 2027/, 'Yes'],
        [nia, /June 5, 2027/, 'No'],
      ],
    ];
    await Promise.all(
      votes.map(async (list) => {
        for (const [p, day, value] of list) await answer(p, day, value);
      }),
    );
    // No reload: every screen follows the tally shards.
    for (const p of [ora, gus, kim, nia]) {
      await hasText(option(p.page, /June 12, 2027/), /2 yes · 1 if need be · 0 no/, 'June 12');
      await hasText(option(p.page, /June 19, 2027/), /2 yes · 0 if need be · 0 no/, 'June 19');
      await visible(
        p.page.locator('[data-testid="poll-option"][data-best="true"]').filter({
          hasText: /June 12, 2027/,
        }),
        `June 12 highlighted as the best for ${p.name}`,
      );
    }
    check(
      (await ora.page.locator('[data-testid="poll-option"][data-best="true"]').count()) === 1,
      'one best weekend (June 19 has fewer If need be)',
    );
    await hasText(ora.page.getByTestId('date-poll'), /3 members have answered/, 'three voters');
    // Nia's answers are stored, not only shown: they come back after a reload.
    await dashboard(nia);
    const pressed = (day: RegExp) => option(nia.page, day).locator('button[aria-pressed="true"]');
    await hasText(pressed(/June 12, 2027/), /If need be/, "Nia's If need be kept");
    await hasText(pressed(/June 19, 2027/), /Yes/, "Nia's Yes kept");
    // Gus changes his mind about June 26.
    await answer(gus, /June 26, 2027/, 'If need be');
    await hasText(option(ora.page, /June 26, 2027/), /0 yes · 1 if need be · 1 no/, 'changed');
    // Who answered what: names follow "Guests can see who's going" (on by default).
    await kim.page.getByRole('button', { name: 'See who answered what' }).click();
    await hasText(
      kim.page.getByTestId('poll-who-answered'),
      /Yes: Gus Guest, Kim Keen/,
      'names by answer',
    );
  });

  await step('the poll at desktop and phone, light and dark', async () => {
    await shootBothModes(ora, 'date-poll-host');
    await shootBothModes(nia, 'date-poll-member');
  });

  await step('the organiser picks June 12; the event shows its dates', async () => {
    await option(ora.page, /June 12, 2027/)
      .getByRole('button', { name: /^Pick this date/ })
      .click();
    const confirm = ora.page.getByRole('alertdialog').or(ora.page.getByRole('dialog'));
    await hasText(confirm, /Sat, June 12, 2027 – Sun, June 13, 2027/, 'the date to confirm');
    await confirm.getByRole('button', { name: 'Set the date' }).click();
    for (const p of [ora, gus, nia]) {
      await gone(p.page.getByTestId('date-poll'), `the poll closed for ${p.name}`);
      // Whole days read as dates, never "12:00 AM".
      await hasText(
        p.page.getByTestId('banner-date'),
        /^June 12, 2027 – June 13, 2027$/,
        `the trip's dates for ${p.name}`,
      );
    }
    await ora.shoot('date-poll-picked');
  });

  await step('the e-mail with the date and its .ics arrives in the local inbox', async () => {
    for (const m of members) {
      const mail = await waitForMail(m.email, /the date is set/);
      check(mail.subject.includes(eventName), `the subject names the trip: ${mail.subject}`);
    }
    const mail = await waitForMail(gus.email, /the date is set/);
    const res = await fetch(`${INBOX}/api/email/${mail.id}`);
    const full = (await res.json()) as {
      text: string;
      attachments?: { filename: string; contentType: string; generatedFileName: string }[];
    };
    check(/June 12, 2027/.test(full.text), 'the date in the e-mail text');
    const ics = full.attachments?.find((a) => a.filename.endsWith('.ics'));
    check(ics !== undefined, `an .ics attachment: ${JSON.stringify(full.attachments)}`);
    const file = await fetch(
      `${INBOX}/api/email/${mail.id}/attachment/${encodeURIComponent(ics!.generatedFileName)}`,
    );
    const body = await file.text();
    check(body.includes('DTSTART;VALUE=DATE:20270612'), `the .ics starts June 12: ${body}`);
    check(body.includes('DTEND;VALUE=DATE:20270614'), 'the .ics ends after June 13');
    check(body.includes(eventName), 'the .ics names the trip');
  });
}
