// Journey 4: members add flights and the creator offers a carpool; others join until it is full,
// and Join disappears for everyone, live.
import type { Page } from 'playwright-core';
import { gone, hasText, visible } from '../lib/expect.ts';
import {
  addMember,
  bannerHeading,
  createEvent,
  navigate,
  signInFromLanding,
} from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

const travelHeading = (p: Page) => p.getByRole('heading', { name: 'Travel Coordination' });
const carpoolCard = (page: Page) =>
  page.getByTestId('carpool-card').filter({ hasText: 'Union Station → Vineyard Lodge' });

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
    await visible(carpoolCard(ivy.page).getByText('+ 1 passenger'), "'+ 1 passenger'");
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
      await visible(carpoolCard(gus.page).getByText('+ 2 passengers'), "'+ 2 passengers'");
      await gus.shoot('carpool-full');
      await jo.shoot('dashboard-carpool-full');
    },
  );
}
