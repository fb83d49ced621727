// Journey 4: members add flights and the creator offers a carpool; others join until it is full,
// and Join disappears for everyone, live. Then a traveller edits their flight, a rider leaves and
// Join comes back for a watcher, the driver edits the carpool (never below its riders) and
// deletes it. New screens are saved light and dark.
import type { Page } from 'playwright-core';
import { check, gone, hasText, visible } from '../lib/expect.ts';
import {
  addMember,
  bannerHeading,
  chooseMenuItem,
  createEvent,
  dismissToasts,
  navigate,
  signInFromLanding,
} from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

const travelHeading = (p: Page) => p.getByRole('heading', { name: 'Travel Coordination' });
const carpoolCard = (page: Page) =>
  page.getByTestId('carpool-card').filter({ hasText: 'Union Station → Vineyard Lodge' });

const flightCard = (page: Page, route: string) =>
  page.getByTestId('flight-card').filter({ hasText: route });

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

interface Flight {
  airline: string;
  flightNumber: string;
  from: string;
  to: string;
  departs: string;
  arrives: string;
}

async function addFlight(person: Person, f: Flight) {
  const page = person.page;
  await page.getByRole('button', { name: 'Add Flight' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Flight' });
  // An empty submit shows the spec's required-time messages.
  await dialog.getByRole('button', { name: 'Add Flight' }).click();
  await visible(dialog.getByText('Departure time is required'), "'Departure time is required'");
  await visible(dialog.getByText('Arrival time is required'), "'Arrival time is required'");
  await dialog.getByLabel('Airline').fill(f.airline);
  await dialog.getByLabel('Flight Number').fill(f.flightNumber);
  await dialog.getByLabel('From').fill(f.from);
  await dialog.getByLabel('To').fill(f.to);
  await dialog.getByLabel('Departure Time').fill(f.departs);
  await dialog.getByLabel('Arrival Time').fill(f.arrives);
  await dialog.getByRole('button', { name: 'Add Flight' }).click();
  await visible(page.getByText('Flight Added'), "the 'Flight Added' toast");
  await gone(dialog, 'the Add Flight dialog');
}

export async function travel({ person, step }: JourneyContext): Promise<void> {
  const gus = await person('Gus Driver');
  const hal = await person('Hal Rider');
  const ivy = await person('Ivy Rider');
  const jo = await person('Jo Watcher');
  const eventName = `Vineyard Weekend ${Date.now().toString(36)}`;
  let eventId = '';

  await step('the creator creates an event; three friends join by invitation', async () => {
    await signInFromLanding(gus);
    eventId = await createEvent(gus, {
      name: eventName,
      location: 'Napa Valley',
      dates: { start: '2027-09-10T12:00', end: '2027-09-12T12:00' },
    });
    for (const guest of [hal, ivy, jo]) await addMember(gus, guest, eventId, eventName);
  });

  await step('everyone opens Travel Coordination; no flights yet', async () => {
    for (const p of [gus, hal, ivy]) await navigate(p, 'Travel', 'travel', travelHeading);
    await visible(gus.page.getByText('No Flights Added'), "'No Flights Added'");
    await gus.shoot('travel-empty');
  });

  await step('two members add their flights and see each other’s live', async () => {
    await addFlight(hal, {
      airline: 'United',
      flightNumber: 'UA 512',
      from: 'ORD',
      to: 'SFO',
      departs: '2027-09-10T07:15',
      arrives: '2027-09-10T09:50',
    });
    await addFlight(ivy, {
      airline: 'Delta',
      flightNumber: 'DL 88',
      from: 'JFK',
      to: 'SFO',
      departs: '2027-09-10T06:00',
      arrives: '2027-09-10T09:30',
    });
    for (const p of [gus, hal, ivy]) {
      await hasText(
        p.page.getByRole('tab', { name: /^Flights/ }),
        'Flights (2)',
        `${p.name}'s flight count`,
      );
      await visible(
        p.page.getByTestId('flight-card').filter({ hasText: 'ORD → SFO' }),
        'the ORD → SFO flight',
      );
      await visible(
        p.page.getByTestId('flight-card').filter({ hasText: 'JFK → SFO' }),
        'the JFK → SFO flight',
      );
    }
    await hal.shoot('flights');
  });

  await step('the creator offers a carpool with 3 seats (the driver takes one)', async () => {
    const page = gus.page;
    await page.getByRole('tab', { name: /^Carpools/ }).click();
    await visible(page.getByText('No Carpools Created'), "'No Carpools Created'");
    await page.getByRole('button', { name: 'Create Carpool' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Carpool' });
    await dialog.getByLabel('From').fill('Union Station');
    await dialog.getByLabel('To').fill('Vineyard Lodge');
    await dialog.getByLabel('Departure Time').fill('2027-09-10T11:00');
    await dialog.getByLabel('Seats').fill('3');
    await gus.shoot('carpool-dialog');
    await dialog.getByRole('button', { name: 'Create Carpool' }).click();
    await visible(page.getByText('Carpool Created'), "the 'Carpool Created' toast");
    await hasText(carpoolCard(page).getByText(/seats$/), '1/3 seats', 'the seat chip');
    await gone(carpoolCard(page).getByRole('button', { name: 'Join' }), 'Join for the driver');
  });

  await step(
    'a watcher keeps the dashboard open: the carpool arrives with a Join button',
    async () => {
      await jo.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
      await visible(
        carpoolCard(jo.page).getByRole('button', { name: 'Join' }),
        "Join on the watcher's dashboard",
      );
    },
  );

  await step('the first rider joins: 2/3 seats everywhere, Join stays for the others', async () => {
    for (const p of [hal, ivy]) await p.page.getByRole('tab', { name: /^Carpools/ }).click();
    await carpoolCard(hal.page).getByRole('button', { name: 'Join' }).click();
    await visible(hal.page.getByText('Joined Carpool'), "the 'Joined Carpool' toast");
    await visible(
      carpoolCard(hal.page).getByText('Joined', { exact: true }),
      "the rider's Joined badge",
    );
    for (const p of [gus, ivy, jo])
      await hasText(carpoolCard(p.page).getByText(/seats$/), '2/3 seats', `${p.name}'s seat chip`);
    await hasText(
      carpoolCard(ivy.page).getByTestId('carpool-passengers'),
      'With Hal Rider',
      'the rider named on the card',
    );
    await visible(
      carpoolCard(jo.page).getByRole('button', { name: 'Join' }),
      'Join still offered to the watcher',
    );
  });

  await step(
    'the second rider takes the last seat: Join disappears for everyone, live',
    async () => {
      await carpoolCard(ivy.page).getByRole('button', { name: 'Join' }).click();
      await visible(ivy.page.getByText('Joined Carpool'), "the 'Joined Carpool' toast");
      for (const p of [gus, hal, ivy, jo]) {
        await hasText(
          carpoolCard(p.page).getByText(/seats$/),
          '3/3 seats',
          `${p.name}'s seat chip`,
        );
        await gone(
          carpoolCard(p.page).getByRole('button', { name: 'Join' }),
          `Join on ${p.name}'s screen`,
        );
      }
      await gus.shoot('carpool-full');
      await jo.shoot('dashboard-carpool-full');
    },
  );

  await step('riders are named on the card for everyone', async () => {
    for (const p of [gus, jo])
      await hasText(
        carpoolCard(p.page).getByTestId('carpool-passengers'),
        'With Hal Rider and Ivy Rider',
        `${p.name}'s passenger names`,
      );
    await shootLightAndDark(ivy, 'carpool-rider', async () => {
      await ivy.page.getByRole('tab', { name: /^Carpools/ }).click();
      await visible(carpoolCard(ivy.page).getByRole('button', { name: 'Leave' }), 'Leave');
    });
  });

  await step(
    'a traveller edits their flight in its airports’ zones; everyone sees it',
    async () => {
      const page = hal.page;
      await page.getByRole('tab', { name: /^Flights/ }).click();
      // Only the traveller (and admins) manage a flight.
      await gone(
        flightCard(page, 'JFK → SFO').getByRole('button', { name: /^Manage/ }),
        "Manage on someone else's flight",
      );
      const dialog = page.getByRole('dialog', { name: 'Edit Flight' });
      const openEdit = async () => {
        await page.getByRole('tab', { name: /^Flights/ }).click();
        await flightCard(page, 'ORD → SFO')
          .getByRole('button', { name: /^Manage flight/ })
          .click();
        await chooseMenuItem(page, 'Edit');
        await visible(dialog, 'the Edit Flight dialog');
      };
      await shootLightAndDark(hal, 'flight-edit-dialog', openEdit);
      await openEdit();
      check(
        (await dialog.getByLabel('Departure Time').inputValue()) === '2027-09-10T07:15',
        'the departure prefilled on the Chicago clock',
      );
      await dialog.getByLabel('Flight Number').fill('UA 514');
      await dialog.getByLabel('Departure Time').fill('2027-09-10T08:05');
      await dialog.getByLabel('Arrival Time').fill('2027-09-10T10:40');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await visible(page.getByText('Flight Updated'), "the 'Flight Updated' toast");
      await gone(dialog, 'the Edit Flight dialog');
      await ivy.page.getByRole('tab', { name: /^Flights/ }).click();
      for (const p of [hal, ivy]) {
        const card = flightCard(p.page, 'ORD → SFO');
        await visible(card.getByText('United UA 514'), `${p.name}: the new flight number`);
        await hasText(
          card.getByTestId('flight-departure'),
          /^8:05\sAM CDT$/,
          `${p.name}: departure`,
        );
        await hasText(card.getByTestId('flight-arrival'), /^10:40\sAM PDT$/, `${p.name}: arrival`);
      }
    },
  );

  await step(
    'a rider leaves: the seat is free and Join comes back for the watcher, live',
    async () => {
      const page = ivy.page;
      // Hal edited his flight on the Flights tab: everyone on Travel watches Carpools.
      for (const p of [ivy, hal]) await p.page.getByRole('tab', { name: /^Carpools/ }).click();
      await carpoolCard(page).getByRole('button', { name: 'Leave' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Leave Carpool' });
      await confirm.getByRole('button', { name: 'Leave' }).click();
      await visible(page.getByText('Left Carpool'), "the 'Left Carpool' toast");
      await visible(carpoolCard(page).getByRole('button', { name: 'Join' }), 'Join for the rider');
      await visible(
        carpoolCard(jo.page).getByRole('button', { name: 'Join' }),
        "Join back on the watcher's dashboard",
      );
      for (const p of [gus, hal, jo]) {
        await hasText(
          carpoolCard(p.page).getByText(/seats$/),
          '2/3 seats',
          `${p.name}'s seat chip`,
        );
        await hasText(
          carpoolCard(p.page).getByTestId('carpool-passengers'),
          'With Hal Rider',
          `${p.name}'s passenger names`,
        );
      }
      await jo.shoot('dashboard-carpool-seat-free');
    },
  );

  await step('the driver edits the carpool: never fewer seats than its riders', async () => {
    const page = gus.page;
    await dismissToasts(page);
    await carpoolCard(page)
      .getByRole('button', { name: /^Manage carpool/ })
      .click();
    await chooseMenuItem(page, 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Carpool' });
    await dialog.getByLabel('Seats').fill('1');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await visible(
      dialog.getByText('Seats cannot be fewer than the 2 people already in this carpool'),
      'the seat floor message',
    );
    await dialog.getByLabel('Seats').fill('5');
    await dialog.getByLabel('Departure Time').fill('2027-09-10T11:30');
    await gus.shoot('carpool-edit-dialog');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Carpool Updated'), "the 'Carpool Updated' toast");
    for (const p of [gus, hal, jo]) {
      await hasText(carpoolCard(p.page).getByText(/seats$/), '2/5 seats', `${p.name}'s seat chip`);
      await visible(carpoolCard(p.page).getByText(/11:30\sAM/), `${p.name}: new departure`);
    }
  });

  await step('the driver deletes the carpool; it disappears everywhere', async () => {
    const page = gus.page;
    await dismissToasts(page);
    await carpoolCard(page)
      .getByRole('button', { name: /^Manage carpool/ })
      .click();
    await chooseMenuItem(page, 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Delete Carpool' });
    await visible(confirm.getByText('Its passenger loses their seat.'), 'the rider warning');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await gone(confirm, 'the Delete Carpool dialog');
    for (const p of [gus, hal, ivy, jo])
      await gone(carpoolCard(p.page), `${p.name}'s carpool card`);
    await visible(page.getByText('No Carpools Created'), "'No Carpools Created'");
    await hasText(page.getByRole('tab', { name: /^Carpools/ }), 'Carpools (0)', 'the count');
    await visible(jo.page.getByText('No carpools organized yet'), "the watcher's dashboard");
  });
}
