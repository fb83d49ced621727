// Journey 16: the host's side of parties and questions (issue 18). The host allows one plus-one
// and asks a required one-choice "Dietary needs" question in Settings; a guest answers Going with
// a plus-one and their dietary need (through the API, as the guest: the guest's own RSVP dialog
// is another journey's); the host sees the party and the answer in the guest list, lets this
// guest bring three (the guest's larger party then fits), and on Pro downloads the CSV with the
// party and the answer. Settings, the guest list and the dialog are saved in light and dark.
import { API } from '@gatherly/domain/api/endpoints';
import type { RsvpRequest } from '@gatherly/domain/api/requests';
import type { Page } from 'playwright-core';
import { setColorMode } from '../lib/a11y.ts';
import { setPlan } from '../lib/admin.ts';
import { callEndpoint } from '../lib/api.ts';
import { downloadedCsv } from '../lib/csv.ts';
import { check, gone, hasText, visible } from '../lib/expect.ts';
import {
  addMember,
  createEvent,
  dismissToasts,
  membersHeading,
  signInFromLanding,
} from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

const DINNER = 'Rehearsal Dinner';
const settingsHeading = (p: Page) => p.getByRole('heading', { name: 'Event Settings' });

async function openGuestList(host: Person, eventId: string) {
  await host.visit(`/events/${eventId}/members`, 'members', membersHeading);
  await host.page.getByRole('tab', { name: 'Guest List' }).click();
  await visible(host.page.getByRole('heading', { name: 'Guest List' }), 'the Guest List tab');
}

/** The guest's own answer to the dinner, as the app's RSVP request sends it. */
async function rsvp(guest: Person, eventId: string, itemId: string, body: RsvpRequest) {
  return callEndpoint(guest, API.setRsvp, { params: { eventId, scheduleId: itemId }, body });
}

/** Saves the screen in light and then in dark mode (each also scanned in the other by shoot). */
async function shootLightAndDark(who: Person, name: string) {
  await who.shoot(name);
  await setColorMode(who.page, 'dark');
  await who.shoot(`${name}-dark`);
  await setColorMode(who.page, 'light');
}

function errorOf(body: unknown): string {
  return typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : '';
}

export async function rsvpAdmin({ person, step }: JourneyContext): Promise<void> {
  const hana = await person('Hana Host');
  const pat = await person('Pat Plus');
  const eventName = `Lee Wedding ${Date.now().toString(36)}`;
  let eventId = '';
  let itemId = '';
  const guestRow = () => hana.page.getByTestId('guest-row').filter({ hasText: 'Pat Plus' });

  await step('the host creates an event with a rehearsal dinner; a guest joins', async () => {
    await signInFromLanding(hana);
    eventId = await createEvent(hana, {
      name: eventName,
      location: 'Harbour House',
      dates: { start: '2027-09-10T17:00', end: '2027-09-11T23:00' },
    });
    await hana.page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = hana.page.getByRole('dialog', { name: 'Add Schedule Item' });
    await dialog.getByLabel('Title').fill(DINNER);
    await dialog.getByLabel('Start Time').fill('2027-09-10T19:00');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await gone(dialog, 'the Add Schedule Item dialog');
    await signInFromLanding(pat);
    await addMember(hana, pat, eventId, eventName);
  });

  await step('Settings: one plus-one per guest and a required dietary question', async () => {
    await hana.visit(`/events/${eventId}/settings`, 'settings', settingsHeading);
    const card = hana.page.getByTestId('rsvp-options');
    const plusOnes = card.getByLabel('Plus-ones per guest');
    await plusOnes.fill('11');
    await plusOnes.press('Tab');
    await visible(
      card.getByText('Plus-ones must be a whole number from 0 to 10'),
      "the domain's message for 11",
    );
    await plusOnes.fill('1');
    await plusOnes.press('Tab');
    await visible(card.getByText('✓ Saved'), 'the allowance saved');

    await card.getByRole('button', { name: 'Dietary needs', exact: true }).click();
    const question = card.getByTestId('question-editor').first();
    await question.getByLabel('Answer').selectOption('single');
    await question.getByText('Required', { exact: true }).click();
    await visible(card.getByText('Unsaved changes'), 'the unsaved note');
    await shootLightAndDark(hana, 'settings-rsvp-options');
    await card.getByRole('button', { name: 'Save questions' }).click();
    await visible(hana.page.getByText('Questions Saved'), "the 'Questions Saved' toast");
    await gone(card.getByText('Unsaved changes'), 'the unsaved note');
  });

  await step('the guest answers Going with a plus-one and their dietary need', async () => {
    await openGuestList(hana, eventId);
    // The item picker's value is the item's id.
    itemId = await hana.page.getByLabel('Schedule item').inputValue();
    check(itemId !== '', 'the dinner is on the guest list');
    const sam = { name: 'Sam Lee', child: false };
    let answer = await rsvp(pat, eventId, itemId, { status: 'going', guests: [sam] });
    check(
      answer.status === 400 && errorOf(answer.body) === 'Please answer “Dietary needs”',
      `a first Going without the required answer: ${answer.status} ${errorOf(answer.body)}`,
    );
    const answers = { 'dietary-needs': 'Vegetarian' };
    answer = await rsvp(pat, eventId, itemId, {
      status: 'going',
      guests: [sam, { name: 'Mia Lee', child: true }],
      answers,
    });
    check(
      answer.status === 400 && errorOf(answer.body) === 'You can bring up to 1 guest',
      `two guests with an allowance of one: ${answer.status} ${errorOf(answer.body)}`,
    );
    answer = await rsvp(pat, eventId, itemId, { status: 'going', guests: [sam], answers });
    check(answer.status === 200, `Going with Sam: ${answer.status} ${errorOf(answer.body)}`);
  });

  await step('the host sees the party and the answer in the guest list', async () => {
    await hasText(guestRow().getByTestId('guest-party'), 'Party of 2: Sam Lee', "Pat's party");
    await hasText(
      guestRow().getByTestId('guest-question-answers'),
      'Dietary needs: Vegetarian',
      "Pat's dietary need",
    );
    await hasText(hana.page.getByTestId('guest-heads'), '2 going · 1 reply', 'heads and replies');
    await shootLightAndDark(hana, 'guest-list-party');
  });

  await step('the host lets this guest bring three; their larger party then fits', async () => {
    await dismissToasts(hana.page);
    await guestRow().getByRole('button', { name: 'Plus-ones: 1, change for Pat Plus' }).click();
    const dialog = hana.page.getByRole('dialog', { name: 'Plus-ones for Pat Plus' });
    const allowance = dialog.getByLabel('Guests this member may bring');
    check((await allowance.inputValue()) === 'event', "the event's setting to start with");
    await allowance.selectOption('3');
    await shootLightAndDark(hana, 'plus-ones-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await gone(dialog, 'the plus-ones dialog');
    await visible(hana.page.getByText('Pat Plus may bring up to 3 guests.'), 'the toast');
    await visible(
      guestRow().getByRole('button', { name: 'Plus-ones: 3 (custom), change for Pat Plus' }),
      "Pat's own allowance on the row",
    );
    const answer = await rsvp(pat, eventId, itemId, {
      status: 'going',
      guests: [
        { name: 'Sam Lee', child: false },
        { name: 'Mia Lee', child: true },
        { name: 'Leo Lee', child: true },
      ],
    });
    check(answer.status === 200, `Going with three: ${answer.status} ${errorOf(answer.body)}`);
    await hasText(
      guestRow().getByTestId('guest-party'),
      'Party of 4: Sam Lee; Mia Lee (child); Leo Lee (child)',
      "Pat's party, live",
    );
    await hasText(hana.page.getByTestId('guest-heads'), '4 going · 1 reply', 'heads, live');
  });

  await step('on Pro the CSV holds the party and the answer', async () => {
    await setPlan(hana.email, 'paid');
    await hana.page.reload();
    await hana.page.getByRole('tab', { name: 'Guest List' }).click();
    // The function builds the file from the event creator's plan; Export CSV stays disabled
    // until the creator's plan has loaded, and the click waits for it.
    const [download] = await Promise.all([
      hana.page.waitForEvent('download'),
      hana.page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const rows = await downloadedCsv(download);
    const header = rows[0]!.join('|');
    check(
      header ===
        `Name|Email|Role|Status|Joined|${DINNER}|${DINNER} (party size)|${DINNER} (guests)|Dietary needs`,
      `header ${header}`,
    );
    const byEmail = new Map(rows.slice(1).map((r) => [r[1]!, r]));
    const patRow = byEmail.get(pat.email)?.slice(5).join('|');
    check(
      patRow === 'Going|4|Sam Lee; Mia Lee (child); Leo Lee (child)|Vegetarian',
      `Pat's row: ${patRow}`,
    );
    const hanaRow = byEmail.get(hana.email)?.slice(5).join('|');
    check(hanaRow === 'Not Responded|||', `Hana's row: ${hanaRow}`);
  });
}
