// Journey 1: a new user lands, signs in, sees the empty list, creates an event with TBD dates and
// custom colours, and lands on its dashboard.
import { check, hasText, visible } from '../lib/expect.ts';
import { bannerHeading, createEvent, eventsHeading } from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';
import { checkToastLane, controlsIn } from '../lib/toast-lane.ts';

const COLORS = { primary: '#e11d48', secondary: '#0891b2', tertiary: '#65a30d' };

export async function firstEvent({ person, step }: JourneyContext): Promise<void> {
  const ada = await person('Ada Lovelace');
  const page = ada.page;
  const eventName = `Ada's Summer Picnic ${Date.now().toString(36)}`;

  await step('signed out, the landing page promotes the product', async () => {
    await ada.visit('/', 'landing', (p) =>
      p.getByRole('button', { name: 'Start Planning for Free' }),
    );
    await visible(page.getByRole('button', { name: 'Sign In' }), 'the Sign In button');
    await ada.shoot('landing');
  });

  await step('signs in with a new Google account through the popup', async () => {
    await ada.timed('events list (empty)', () => ada.signIn(), eventsHeading(ada.name));
    await visible(page.getByText('Welcome back!'), "the 'Welcome back!' toast");
    // Toasts never cover primary actions (docs/decisions.md, "Where toasts appear").
    await checkToastLane(page, 'Welcome back!', [
      { what: 'the header', controls: controlsIn(page.locator('header')) },
      { what: 'the page', controls: controlsIn(page.getByRole('main')) },
    ]);
  });

  await step('the events list is empty', async () => {
    await visible(page.getByRole('heading', { name: 'No Events Yet' }), "'No Events Yet'");
    await visible(
      page.getByText('Create your first event to start planning and coordinating with others.'),
      'the empty-list text',
    );
    await visible(
      page.getByRole('button', { name: 'Create Your First Event' }),
      "'Create Your First Event'",
    );
    await ada.shoot('events-empty');
  });

  let eventId = '';
  await step('creates an event with TBD dates and custom colours', async () => {
    eventId = await createEvent(
      ada,
      {
        name: eventName,
        description: 'Blankets, lemonade and a very long afternoon in the park.',
        location: 'Regent’s Park, London',
        colors: COLORS,
      },
      'create-event',
    );
  });

  await step('lands on the new dashboard with its dates TBD and its colours applied', async () => {
    await visible(page.getByText('Event Created'), "the 'Event Created' toast");
    const banner = page.getByTestId('event-banner');
    await checkToastLane(page, 'Event Created', [
      { what: 'the header', controls: controlsIn(page.locator('header')) },
      { what: 'the side navigation', controls: controlsIn(page.locator('aside')) },
      { what: 'the banner', controls: controlsIn(banner) },
    ]);
    await visible(banner.getByText('Date TBD'), "'Date TBD' in the banner");
    await visible(banner.getByText('Regent’s Park, London'), 'the location in the banner');
    const primary = await page.evaluate(() =>
      document.documentElement.style.getPropertyValue('--gatherly-primary').trim().toLowerCase(),
    );
    check(
      primary === COLORS.primary,
      `event primary colour applied: expected ${COLORS.primary}, got "${primary}"`,
    );
    await visible(page.getByText('No photos uploaded yet'), 'the empty gallery');
    await visible(page.getByText('No flights added yet'), 'the empty flights panel');
    await visible(page.getByText('No events scheduled yet'), 'the empty schedule');
    await ada.shoot('dashboard');
  });

  await step('the events list now shows the event with the Creator label', async () => {
    await ada.timed(
      'events list',
      () => page.getByRole('link', { name: 'View All Events' }).click(),
      (p) => p.getByRole('heading', { name: 'Your Events (1)' }),
    );
    const card = page.getByRole('article', { name: eventName });
    await visible(card, 'the event card');
    await visible(card.getByText('Creator'), 'the Creator role label');
    await hasText(card.getByText(/member/), '1 member', 'the member count');
    await ada.shoot('events-list');
    // The card's link stretches over it: a click on the card opens the event.
    await ada.timed('dashboard', () => card.click(), bannerHeading(eventName));
    check(
      page.url().endsWith(`/events/${eventId}`),
      `the card opens /events/${eventId}, got ${page.url()}`,
    );
  });
}
