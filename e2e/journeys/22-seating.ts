// Journey 22: the seating chart (issue 36). The host creates 3 tables on the reception's Seating
// screen and seats a party of three (a child among them) with a tap, one single by drag and drop
// and another with the keyboard; the second single withdraws and is flagged on their table. The
// host prints the escort list to PDF with the browser's print (A4 and Letter, read back), and
// downloads the caterer's CSV (read back); with "Show guests their table" on, a guest sees their
// table and tablemates on their phone. The screens are saved at 1280 and 390 wide, light and dark.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API } from '@gatherly/domain/api/endpoints';
import type { RsvpRequest } from '@gatherly/domain/api/requests';
import type { Page } from 'playwright-core';
import { setColorMode } from '../lib/a11y.ts';
import { updateEvent } from '../lib/admin.ts';
import { callEndpoint } from '../lib/api.ts';
import { downloadedCsv } from '../lib/csv.ts';
import { check, hasText, until, visible } from '../lib/expect.ts';
import { addMember, createEvent, dismissToasts, signInFromLanding } from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';
import { pdfText } from '../lib/pdf.ts';
import { SCREENSHOT_DIR, type Person } from '../lib/session.ts';

const RECEPTION = 'Reception';
const DIETARY = {
  id: 'dietary-needs',
  label: 'Dietary needs',
  kind: 'single',
  options: ['None', 'Vegetarian', 'Vegan'],
  required: false,
};

async function shootLightAndDark(who: Person, name: string) {
  await who.shoot(name);
  await setColorMode(who.page, 'dark');
  await who.shoot(`${name}-dark`);
  await setColorMode(who.page, 'light');
}

async function rsvp(guest: Person, eventId: string, itemId: string, body: RsvpRequest) {
  const answer = await callEndpoint(guest, API.setRsvp, {
    params: { eventId, scheduleId: itemId },
    body,
  });
  check(answer.status === 200, `${guest.name} answers ${body.status}: ${answer.status}`);
}

const table = (page: Page, label: string) =>
  page.getByTestId('seating-table').filter({ has: page.getByText(label, { exact: true }) });
const seatCount = (page: Page, label: string) => table(page, label).getByTestId('seat-count');

/** The print page's sheet as a PDF on `paper`, read back. */
async function printToPdf(host: Person, paper: 'A4' | 'letter', file: string) {
  const page = host.page;
  await page.getByLabel('Paper size').selectOption(paper);
  await page.emulateMedia({ media: 'print' });
  const bytes = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: null });
  const dir = path.join(SCREENSHOT_DIR, '22-seating');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, file), bytes);
  return pdfText(new Uint8Array(bytes));
}

export async function seating({ person, step }: JourneyContext): Promise<void> {
  const host = await person('Sia Seating');
  const ann = await person('Ann Party');
  const sid = await person('Sid Single', { phone: true });
  const tia = await person('Tia Single');
  const eventName = `Park Wedding ${Date.now().toString(36)}`;
  let eventId = '';
  let itemId = '';

  await step('the host creates an event with a reception today; three guests join', async () => {
    await signInFromLanding(host);
    // Today in the host's zone, which the new event takes: the guest's card shows on the day.
    const today = await host.page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    eventId = await createEvent(host, {
      name: eventName,
      location: 'Lakeside Park',
      dates: { start: `${today}T00:05`, end: `${today}T23:55` },
    });
    await host.page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = host.page.getByRole('dialog', { name: 'Add Schedule Item' });
    await dialog.getByLabel('Title').fill(RECEPTION);
    await dialog.getByLabel('Start Time').fill(`${today}T19:00`);
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    const link = host.page.getByRole('link', { name: `Seating for ${RECEPTION}` });
    await visible(link, 'Seating on the reception');
    itemId = /\/seating\/([^/?#]+)/.exec((await link.getAttribute('href')) ?? '')?.[1] ?? '';
    check(itemId !== '', 'the Seating link names the item');
    for (const guest of [ann, sid, tia]) {
      await signInFromLanding(guest);
      await addMember(host, guest, eventId, eventName);
    }
    await updateEvent(eventId, { plusOnesAllowed: 2, questions: [DIETARY] });
  });

  await step('a party of three and two singles answer Going', async () => {
    await rsvp(ann, eventId, itemId, {
      status: 'going',
      guests: [
        { name: 'Ben Party', child: false },
        { name: 'Cleo Party', child: true },
      ],
      answers: { 'dietary-needs': 'Vegetarian' },
    });
    await rsvp(sid, eventId, itemId, { status: 'going', answers: { 'dietary-needs': 'None' } });
    await rsvp(tia, eventId, itemId, { status: 'going', answers: { 'dietary-needs': 'Vegan' } });
  });

  await step('the host opens Seating and adds 3 round tables of 8', async () => {
    const page = host.page;
    await host.timed(
      'seating',
      () => page.goto(`${host.baseUrl}/events/${eventId}`).then(() => undefined),
      (p) => p.getByRole('link', { name: `Seating for ${RECEPTION}` }),
    );
    await host.timed(
      'seating screen',
      () => page.getByRole('link', { name: `Seating for ${RECEPTION}` }).click(),
      (p) => p.getByRole('heading', { name: `Seating · ${RECEPTION}` }),
    );
    await hasText(page.getByTestId('seating-summary'), /\b5 unassigned/, 'five people to seat');
    await visible(
      page
        .getByTestId('party')
        .filter({ hasText: 'Ann Party' })
        .getByText('Dietary needs: Vegetarian'),
      "Ann's answer as a badge",
    );
    await page.getByLabel('How many tables').fill('3');
    await page.getByRole('button', { name: 'Add 3 round tables of 8' }).click();
    await visible(seatCount(page, 'Table 3'), 'three tables');
    await hasText(page.getByTestId('seating-summary'), /\b3 tables/, 'the table count');
  });

  await step('the host seats the party by tap, Sid by drag and drop, Tia by keyboard', async () => {
    const page = host.page;
    await dismissToasts(page);
    await page.getByRole('button', { name: "Pick Ann Party's party" }).click();
    await hasText(page.getByTestId('pick-bar'), /3 people picked/, 'the pick bar');
    await page.getByRole('button', { name: 'Seat 3 people at Table 1' }).click();
    await hasText(seatCount(page, 'Table 1'), '3 / 8', 'the party at table 1');

    const sidRow = page.getByTestId('party').filter({ hasText: 'Sid Single' });
    await sidRow.dragTo(table(page, 'Table 1'));
    await hasText(seatCount(page, 'Table 1'), '4 / 8', 'Sid dropped at table 1');

    await page.getByRole('button', { name: 'Pick Tia Single' }).focus();
    await page.keyboard.press('Enter');
    const seatHere = page.getByRole('button', { name: 'Seat 1 person at Table 2' });
    await visible(seatHere, "table 2's Seat here");
    // Tab from the pick to the table's button, as a keyboard user does.
    for (let i = 0; i < 60; i += 1) {
      if (await seatHere.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    check(
      await seatHere.evaluate((el) => el === document.activeElement),
      'Tab reaches "Seat 1 person at Table 2"',
    );
    await page.keyboard.press('Enter');
    await hasText(seatCount(page, 'Table 2'), '1 / 8', 'Tia at table 2');
    await hasText(page.getByTestId('seating-summary'), /\b0 unassigned/, 'everyone seated');

    // Undo takes the last move back; doing it again seats Tia again.
    await page.getByRole('button', { name: 'Undo last move' }).click();
    await hasText(seatCount(page, 'Table 2'), '0 / 8', 'the move undone');
    await page.getByRole('button', { name: 'Pick Tia Single' }).click();
    await page.getByRole('button', { name: 'Seat 1 person at Table 2' }).click();
    await hasText(seatCount(page, 'Table 2'), '1 / 8', 'Tia back at table 2');

    await page.getByText('Show guests their table').click();
    await until('"Show guests their table" on', () =>
      page.getByLabel('Show guests their table').isChecked(),
    );
  });

  await step('Tia withdraws: she is flagged on table 2 and frees her seat', async () => {
    await rsvp(tia, eventId, itemId, { status: 'not_going' });
    const page = host.page;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await hasText(table(page, 'Table 2').getByTestId('seat-flag'), 'No longer going', 'the flag');
    await hasText(seatCount(page, 'Table 2'), '0 / 8', 'her seat freed');
    await hasText(page.getByTestId('seating-summary'), /\b1 flagged/, 'one flagged');
    await shootLightAndDark(host, 'seating');
  });

  await step(
    'the host prints the escort list to PDF on A4 and Letter and reads it back',
    async () => {
      const page = host.page;
      await host.timed(
        'seating print',
        () => page.getByRole('link', { name: 'Print chart, escort list and place cards' }).click(),
        (p) => p.getByTestId('print-escort'),
      );
      await shootLightAndDark(host, 'print-escort');
      const a4 = await printToPdf(host, 'A4', 'escort-a4.pdf');
      const text = a4.pages.map((p) => p.text).join(' ');
      check(
        a4.pages[0]?.width === 595 && a4.pages[0]?.height === 842,
        `an A4 page: ${a4.pages[0]?.width} × ${a4.pages[0]?.height} pt`,
      );
      for (const [name, label] of [
        ['Ann Party', 'Table 1'],
        ['Ben Party', 'Table 1'],
        ['Cleo Party (child)', 'Table 1'],
        ['Sid Single', 'Table 1'],
      ]) {
        check(
          text.includes(`${name} ${label}`),
          `the escort list reads "${name} ${label}": ${text}`,
        );
      }
      check(!text.includes('Tia Single'), 'the withdrawn guest is not on the escort list');
      check(text.includes(`${RECEPTION} · Escort list`), 'the sheet names the item');
      check(
        /7:00 PM [A-Z]{2,5}|7:00 PM GMT[+-]?\d*/.test(text),
        `the time with its zone label: ${text}`,
      );
      const letter = await printToPdf(host, 'letter', 'escort-letter.pdf');
      check(
        letter.pages[0]?.width === 612 && letter.pages[0]?.height === 792,
        `a Letter page: ${letter.pages[0]?.width} × ${letter.pages[0]?.height} pt`,
      );
      await page.getByRole('button', { name: 'Place cards' }).click();
      await visible(page.getByTestId('print-cards'), 'the place cards');
      await hasText(
        page.getByTestId('print-cards'),
        /Vegetarian/,
        "Ann's dietary mark on her card",
      );
      await shootLightAndDark(host, 'print-cards');
      await page.getByRole('button', { name: 'Chart by table' }).click();
      await hasText(page.getByTestId('print-chart'), /Cleo Party \(child\)/, 'the chart by table');
    },
  );

  await step('the host downloads the caterer CSV and reads it back', async () => {
    const page = host.page;
    await page.getByRole('link', { name: 'Back to the seating chart' }).click();
    await visible(page.getByRole('heading', { name: `Seating · ${RECEPTION}` }), 'the chart');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download caterer CSV' }).click(),
    ]);
    check(download.suggestedFilename().endsWith('-seating.csv'), download.suggestedFilename());
    const rows = await downloadedCsv(download);
    const want = [
      ['Table', 'Guest', 'Child', 'Party of', 'Dietary needs'],
      ['Table 1', 'Ann Party', 'No', '', 'Vegetarian'],
      ['Table 1', 'Ben Party', 'No', 'Ann Party', ''],
      ['Table 1', 'Cleo Party', 'Yes', 'Ann Party', ''],
      ['Table 1', 'Sid Single', 'No', '', 'None'],
    ];
    check(
      JSON.stringify(rows) === JSON.stringify(want),
      `the caterer's rows: ${JSON.stringify(rows)}`,
    );
  });

  await step('Sid sees his table and tablemates on his phone', async () => {
    await sid.visit(`/events/${eventId}`, 'dashboard (your table)', (p) =>
      p.getByTestId('your-table'),
    );
    const card = sid.page.getByTestId('your-table');
    await hasText(card, /Your table: 1\b/, "Sid's table");
    await hasText(card, /At your table: Ann Party, Ben Party, Cleo Party\./, 'his tablemates');
    await shootLightAndDark(sid, 'guest-your-table');
  });
}
