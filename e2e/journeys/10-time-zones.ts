// Journey 10: the ceremony is at 4:00 PM in Napa wherever you look from. A host in New York and a
// guest in Kolkata (two browser contexts in those zones) see the same wall-clock time and label
// for the event, the ceremony and a flight, each with their own time as a hint; flights are
// entered in their airports' zones (an overnight JFK → LHR and a westbound SYD → LAX that "lands
// before it leaves" are accepted, a genuinely backwards one is refused by the form); an event
// created without a zone asks its admin once to confirm one. Screens of the zone picker, the
// Settings prompt and the flight dialog are saved in light and dark.
import type { Locator, Page } from 'playwright-core';
import { callApi } from '../lib/api.ts';
import { check, gone, hasText, until, visible } from '../lib/expect.ts';
import {
  acceptInvitation,
  bannerHeading,
  dismissToasts,
  eventIdOf,
  inviteByEmail,
  navigate,
  signInFromLanding,
} from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

const NEW_YORK = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';

const travelHeading = (p: Page) => p.getByRole('heading', { name: 'Travel Coordination' });
const settingsHeading = (p: Page) => p.getByRole('heading', { name: 'Event Settings' });
const ceremonyRow = (p: Page) => p.getByTestId('schedule-item').filter({ hasText: 'Ceremony' });
const flightCard = (p: Page, route: string) =>
  p.getByTestId('flight-card').filter({ hasText: route });
const textOf = async (l: Locator) => (await l.first().innerText()).replace(/\s+/g, ' ').trim();

/** Types into a zone picker key by key, as a person does, and picks the option. */
async function pickZone(page: Page, picker: Locator, search: string, option: RegExp) {
  await picker.click();
  await picker.press('ControlOrMeta+a');
  await picker.pressSequentially(search, { delay: 40 });
  await until(
    `the search "${search}" typed whole`,
    async () => (await picker.inputValue()) === search || (await picker.inputValue()),
  );
  await page.getByRole('option', { name: option }).first().click();
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
}

interface Flight {
  from: string;
  to: string;
  departs: string;
  arrives: string;
}

async function fillFlight(page: Page, f: Flight): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Flight' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Flight' });
  await dialog.getByLabel('Airline').fill('Gatherly Air');
  await dialog.getByLabel('From').fill(f.from);
  await dialog.getByLabel('To').fill(f.to);
  // The airports' zones come from the codes once the airport data has loaded.
  await visible(
    dialog.getByText(new RegExp(`^Local time at ${f.from},`)),
    `the local time note for ${f.from}`,
  );
  await visible(
    dialog.getByText(new RegExp(`^Local time at ${f.to},`)),
    `the local time note for ${f.to}`,
  );
  await dialog.getByLabel('Departure Time').fill(f.departs);
  await dialog.getByLabel('Arrival Time').fill(f.arrives);
  return dialog;
}

async function addFlight(person: Person, f: Flight) {
  const dialog = await fillFlight(person.page, f);
  await dialog.getByRole('button', { name: 'Add Flight' }).click();
  await visible(
    person.page.getByText('Flight Added'),
    `the 'Flight Added' toast for ${f.from} → ${f.to}`,
  );
  await gone(dialog, 'the Add Flight dialog');
}

export async function timeZones({ person, step }: JourneyContext): Promise<void> {
  const ana = await person('Ana Host', { timezoneId: NEW_YORK });
  const raj = await person('Raj Guest', { timezoneId: KOLKATA });
  const stamp = Date.now().toString(36);
  const eventName = `Napa Wedding ${stamp}`;
  let eventId = '';

  await step('the host creates the event in Pacific Time from a New York device', async () => {
    await signInFromLanding(ana);
    const page = ana.page;
    await ana.timed(
      'create event',
      () =>
        page
          .getByRole('button', { name: /^(Create Event|Create Your First Event)$/ })
          .first()
          .click(),
      (p) => p.getByRole('heading', { name: 'Create Event' }),
    );
    const picker = page.getByRole('combobox', { name: 'Time Zone' });
    // The device's zone is the default.
    await until(
      'the zone picker to default to Eastern Time',
      async () =>
        (await picker.inputValue()).includes('Eastern Time') || (await picker.inputValue()),
    );
    await page.getByLabel('Event Name').fill(eventName);
    await page.getByLabel('Location').fill('Napa Valley, CA');
    await pickZone(page, picker, 'Los Angeles', /^Pacific Time/);
    await until(
      'the picker to show Pacific Time',
      async () =>
        (await picker.inputValue()).includes('Pacific Time') || (await picker.inputValue()),
    );
    await page.getByLabel('Start Date').fill('2027-06-12T15:00');
    await page.getByLabel('End Date').fill('2027-06-12T23:00');
    await visible(
      page.getByText('= 6:00 PM EDT your time'),
      "the host's own time under the start date",
    );
    await dismissToasts(page);
    await ana.timed(
      'dashboard (new event)',
      () => page.getByRole('button', { name: 'Create Event', exact: true }).click(),
      bannerHeading(eventName),
    );
    eventId = eventIdOf(page);
    await hasText(
      page.getByTestId('banner-date'),
      'June 12, 2027, 3:00 PM PDT · 6:00 PM EDT your time',
      'the banner date in the event zone',
    );
  });

  await step('the host adds the ceremony at 4:00 PM Napa time', async () => {
    const page = ana.page;
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Schedule Item' });
    await dialog.getByLabel('Title').fill('Ceremony');
    await dialog.getByLabel('Description').fill('Please be seated by 3:45 pm.');
    await dialog.getByLabel('Start Time').fill('2027-06-12T16:00');
    await visible(
      dialog.getByText(/^In Pacific Time \(PDT\), the event’s time zone\./),
      'the zone the time is entered in',
    );
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await gone(dialog, 'the Add Schedule Item dialog');
    await hasText(
      ceremonyRow(page).getByText(/PDT/),
      'Sat, June 12, 2027, 4:00 PM PDT · 7:00 PM EDT your time',
      'the ceremony on the host’s dashboard',
    );
  });

  await step(
    'the guest in Kolkata opens the invitation: the dates on Napa’s calendar',
    async () => {
      const link = await inviteByEmail(ana, eventId, raj.email);
      await raj.visit(new URL(link).pathname, 'invitation (signed out)', (p) =>
        p.getByRole('heading', { name: "You're Invited!" }),
      );
      await visible(
        raj.page.getByText('June 12, 2027', { exact: true }),
        'the event day as Napa has it',
      );
      await hasText(
        raj.page.getByText(/^Starts/),
        'Starts 3:00 PM PDT · Sun, June 13, 3:30 AM GMT+5:30 your time',
        "the start with the guest's own time",
      );
      await acceptInvitation(raj, link, eventName);
    },
  );

  await step(
    'both see the ceremony at 4:00 PM PDT, each with their own time as a hint',
    async () => {
      // The host invited from Members: back to the dashboard.
      await ana.visit(`/events/${eventId}`, 'dashboard', ceremonyRow);
      const host = await textOf(ceremonyRow(ana.page).getByText(/PDT/));
      await hasText(
        ceremonyRow(raj.page).getByText(/PDT/),
        'Sat, June 12, 2027, 4:00 PM PDT · Sun, June 13, 4:30 AM GMT+5:30 your time',
        'the ceremony on the guest’s dashboard',
      );
      check(host.startsWith('Sat, June 12, 2027, 4:00 PM PDT'), `the host sees ${host}`);
      await hasText(
        raj.page.getByTestId('banner-date'),
        'June 12, 2027, 3:00 PM PDT · Sun, June 13, 3:30 AM GMT+5:30 your time',
        'the banner on the guest’s dashboard',
      );
      await raj.shoot('guest-dashboard-kolkata');
      await ana.shoot('host-dashboard-new-york');
    },
  );

  await step(
    'an overnight JFK → LHR flight and a westbound SYD → LAX flight are accepted',
    async () => {
      for (const p of [ana, raj]) await navigate(p, 'Travel', 'travel', travelHeading);
      // 7:00 PM at JFK, 7:00 AM the next morning at LHR.
      await addFlight(ana, {
        from: 'JFK',
        to: 'LHR',
        departs: '2027-06-10T19:00',
        arrives: '2027-06-11T07:00',
      });
      // 10:00 AM in Sydney, 6:30 AM the same day in Los Angeles: "before" it left, on the local clocks.
      await addFlight(raj, {
        from: 'SYD',
        to: 'LAX',
        departs: '2027-06-11T10:00',
        arrives: '2027-06-11T06:30',
      });
    },
  );

  await step('a genuinely backwards flight is refused by the form', async () => {
    const dialog = await fillFlight(raj.page, {
      from: 'SEA',
      to: 'SFO',
      departs: '2027-06-11T18:00',
      arrives: '2027-06-11T16:00',
    });
    await dialog.getByRole('button', { name: 'Add Flight' }).click();
    await visible(
      dialog.getByText('Arrival must be after departure'),
      "'Arrival must be after departure'",
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(dialog, 'the Add Flight dialog');
  });

  await step(
    'both see each flight in its airports’ zones, the same text in New York and Kolkata',
    async () => {
      for (const p of [ana, raj]) {
        await hasText(
          p.page.getByRole('tab', { name: /^Flights/ }),
          'Flights (2)',
          `${p.name}'s flight count`,
        );
        await hasText(
          flightCard(p.page, 'JFK → LHR').getByTestId('flight-departure'),
          '7:00 PM EDT',
          `the JFK departure for ${p.name}`,
        );
        await hasText(
          flightCard(p.page, 'JFK → LHR').getByTestId('flight-arrival'),
          /^7:00 AM GMT\+1 ?\+1$/,
          `the LHR arrival (next day) for ${p.name}`,
        );
        await hasText(
          flightCard(p.page, 'SYD → LAX').getByTestId('flight-departure'),
          '10:00 AM GMT+10',
          `the SYD departure for ${p.name}`,
        );
        await hasText(
          flightCard(p.page, 'SYD → LAX').getByTestId('flight-arrival'),
          '6:30 AM PDT',
          `the LAX arrival for ${p.name}`,
        );
      }
      // The host's cards also carry her Edit/Delete menu (⋯): compare the rest.
      const withoutMenu = (text: string) => text.replace(/ ?⋯/g, '');
      for (const route of ['JFK → LHR', 'SYD → LAX']) {
        const [seenInNewYork, seenInKolkata] = [
          withoutMenu(await textOf(flightCard(ana.page, route))),
          withoutMenu(await textOf(flightCard(raj.page, route))),
        ];
        check(
          seenInNewYork === seenInKolkata,
          `${route} reads the same for both: "${seenInNewYork}" vs "${seenInKolkata}"`,
        );
      }
      await raj.shoot('flights-kolkata');
    },
  );

  await step('screens: the zone picker and the flight dialog, light and dark', async () => {
    const page = ana.page;
    await shootLightAndDark(ana, 'zone-picker', async () => {
      await page.goto(`${ana.baseUrl}/create-event`);
      const picker = page.getByRole('combobox', { name: 'Time Zone' });
      await until('the zone list to load', async () => (await picker.isEnabled()) || 'disabled');
      await pickZoneOpen(picker, 'Pacific');
    });
    await shootLightAndDark(ana, 'flight-dialog', async () => {
      await page.goto(`${ana.baseUrl}/events/${eventId}/travel`);
      await travelHeading(page).waitFor();
      await fillFlight(page, {
        from: 'JFK',
        to: 'LHR',
        departs: '2027-06-10T19:00',
        arrives: '2027-06-11T07:00',
      });
    });
    await page.goto(`${ana.baseUrl}/events/${eventId}`);
  });

  await step(
    'an event created through the API without a zone asks its admin once to confirm one',
    async () => {
      const page = ana.page;
      const created = await callApi(ana, 'POST', '/api/events', {
        name: `Reunion ${stamp}`,
        startDate: '2027-09-04T18:00:00.000Z',
      });
      check(
        created.status === 201,
        `POST /api/events without a zone: ${created.status} ${JSON.stringify(created.body)}`,
      );
      const reunion = (created.body as { event: { id: string; timeZone: unknown } }).event;
      check(reunion.timeZone === null, `the API reports no zone, got ${String(reunion.timeZone)}`);
      await ana.visit(
        `/events/${reunion.id}`,
        'dashboard (no zone)',
        bannerHeading(`Reunion ${stamp}`),
      );
      await hasText(
        page.getByTestId('banner-date'),
        'September 04, 2027, 6:00 PM UTC · 2:00 PM EDT your time',
        'the banner in UTC until a zone is confirmed',
      );
      await ana.timed(
        'settings (prompt)',
        () =>
          page
            .getByTestId('time-zone-notice')
            .getByRole('link', { name: 'Confirm time zone' })
            .click(),
        settingsHeading,
      );
      await visible(page.getByTestId('time-zone-prompt'), 'the one-time prompt');
      await shootLightAndDark(ana, 'settings-prompt', async () => {
        await visible(page.getByTestId('time-zone-prompt'), 'the one-time prompt');
      });
      await page
        .getByTestId('time-zone-prompt')
        .getByRole('button', { name: /^Use Eastern Time/ })
        .click();
      await gone(page.getByTestId('time-zone-prompt'), 'the prompt, once answered');
      const picker = page.getByRole('combobox', { name: 'Time Zone' });
      await until(
        'the zone field to show Eastern Time',
        async () =>
          (await picker.inputValue()).includes('Eastern Time') || (await picker.inputValue()),
      );
      await ana.shoot('settings-confirmed');
      await navigate(ana, 'Dashboard', 'dashboard', bannerHeading(`Reunion ${stamp}`));
      // The same moment, now on the event's own clock.
      await hasText(
        page.getByTestId('banner-date'),
        'September 04, 2027, 2:00 PM EDT',
        'the banner in the confirmed zone',
      );
      await gone(page.getByTestId('time-zone-notice'), 'the dashboard notice');
    },
  );
}

/** Opens a zone picker with a search typed, for the screenshot of its list. */
async function pickZoneOpen(picker: Locator, search: string) {
  await picker.click();
  await picker.press('ControlOrMeta+a');
  await picker.pressSequentially(search, { delay: 40 });
  await visible(picker.page().getByRole('option', { name: /^Pacific Time/ }), 'the matching zones');
}
