// Journey 8: who may open an event's screens. A signed-in stranger gets Access Denied on every
// event route; a member removed while looking sees "You no longer have access to this event" at
// once, and on every event screen they go back to; after a reload they are a stranger again; a
// member looking at an event when it is deleted loses it live. Never the router's developer page.
import type { Locator, Page } from 'playwright-core';
import { check, gone, urlMatches, visible } from '../lib/expect.ts';
import {
  addMember,
  bannerHeading,
  createEvent,
  eventsHeading,
  membersHeading,
  navigate,
  signInFromLanding,
} from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

/** Every route of an event, with a name for the timings. */
const AREAS = [
  ['', 'dashboard'],
  ['/photos', 'photos'],
  ['/travel', 'travel'],
  ['/members', 'members'],
  ['/settings', 'settings'],
  ['/activity', 'activity'],
] as const;

const NO_LONGER = 'You no longer have access to this event';
const accessDenied = (p: Page) => p.getByRole('heading', { name: 'Access Denied' });
const noLonger = (p: Page) => p.getByRole('heading', { name: NO_LONGER });
const deleted = (p: Page) => p.getByRole('heading', { name: 'This event was deleted' });
const photosHeading = (p: Page) => p.getByRole('heading', { name: 'Photo Gallery' });
const travelHeading = (p: Page) => p.getByRole('heading', { name: 'Travel Coordination' });
const settingsHeading = (p: Page) => p.getByRole('heading', { name: 'Event Settings' });
const activityHeading = (p: Page) =>
  p.getByText('What has been happening in this event, newest first.');

/** Neither the router's developer page nor the generic error screen is showing. */
async function noErrorPage(person: Person, where: string): Promise<void> {
  const page = person.page;
  for (const text of ['Unexpected Application Error', 'Something went wrong']) {
    check((await page.getByText(text).count()) === 0, `'${text}' on ${where}`);
  }
}

async function showsOnly(
  person: Person,
  screen: (p: Page) => Locator,
  text: string | null,
  where: string,
) {
  await visible(screen(person.page), `${where}: its heading`);
  if (text) await visible(person.page.getByText(text, { exact: true }), `${where}: '${text}'`);
  await noErrorPage(person, where);
  await visible(
    person.page.getByRole('link', { name: 'Back to Dashboard' }),
    `${where}: the way back`,
  );
}

export async function eventAccess({ person, step }: JourneyContext): Promise<void> {
  const uma = await person('Uma Organiser');
  const vic = await person('Vic Removed');
  const wes = await person('Wes Stranger');
  const xia = await person('Xia Watching');
  const stamp = Date.now().toString(36);
  const eventName = `Harbour Picnic ${stamp}`;
  const doomedName = `Rained Off ${stamp}`;
  let eventId = '';
  let doomedId = '';

  await step('the organiser creates an event; a friend joins it as admin', async () => {
    await signInFromLanding(uma);
    eventId = await createEvent(uma, {
      name: eventName,
      dates: { start: '2027-08-14T11:00', end: '2027-08-14T18:00' },
    });
    await addMember(uma, vic, eventId, eventName, 'admin');
  });

  await step('a signed-in stranger gets Access Denied on every event route', async () => {
    await signInFromLanding(wes);
    for (const [suffix, name] of AREAS) {
      await wes.visit(`/events/${eventId}${suffix}`, `${name} (not invited)`, accessDenied);
      await showsOnly(
        wes,
        accessDenied,
        'You have not been invited to this event',
        `${name} for a stranger`,
      );
      check(
        new URL(wes.page.url()).pathname === `/events/${eventId}${suffix}`,
        `the stranger stays on ${suffix || 'the dashboard'}`,
      );
    }
    await wes.shoot('stranger-photos-denied');
  });

  await step('the member walks through every screen of the event, ending on Photos', async () => {
    await navigate(vic, 'Travel', 'travel', travelHeading);
    await navigate(vic, 'Members', 'members', membersHeading);
    await navigate(vic, 'Settings', 'settings', settingsHeading);
    await navigate(vic, 'Dashboard', 'dashboard', bannerHeading(eventName));
    await vic.timed(
      'activity',
      () =>
        vic.page
          .getByRole('link', { name: 'View All', exact: true })
          .and(vic.page.locator('[href$="/activity"]'))
          .click(),
      activityHeading,
    );
    await urlMatches(vic.page, new RegExp(`/events/${eventId}/activity$`), 'the activity screen');
    await navigate(vic, 'Photos', 'photos', photosHeading);
  });

  await step('removed while looking at Photos: the open screen says so at once', async () => {
    await uma.visit(`/events/${eventId}/members`, 'members', membersHeading);
    await uma.page.getByRole('button', { name: `Remove ${vic.name}` }).click();
    const dialog = uma.page
      .getByRole('alertdialog')
      .or(uma.page.getByRole('dialog'))
      .filter({ hasText: 'Remove Member' });
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await visible(uma.page.getByText('Member Removed'), "the 'Member Removed' toast");
    await showsOnly(vic, noLonger, null, 'the open photos screen of a removed member');
    await gone(photosHeading(vic.page), 'the photo gallery');
    await vic.shoot('removed-live');
  });

  await step('going back through every screen visited, each says the access is gone', async () => {
    const back: [string, string][] = [
      ['/activity', 'activity'],
      ['', 'dashboard'],
      ['/settings', 'settings'],
      ['/members', 'members'],
      ['/travel', 'travel'],
    ];
    for (const [suffix, name] of back) {
      await vic.page.goBack();
      await urlMatches(vic.page, new RegExp(`/events/${eventId}${suffix}$`), `back to ${name}`);
      await showsOnly(vic, noLonger, null, `${name} (back, removed)`);
    }
  });

  await step(
    'after a reload the removed member is a stranger: Access Denied on every route',
    async () => {
      for (const [suffix, name] of AREAS) {
        await vic.visit(`/events/${eventId}${suffix}`, `${name} (removed, reloaded)`, accessDenied);
        await showsOnly(
          vic,
          accessDenied,
          'You have not been invited to this event',
          `${name} for a removed member`,
        );
      }
      await vic.page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await visible(eventsHeading(vic.name)(vic.page), 'the events list');
      await visible(vic.page.getByRole('heading', { name: 'No Events Yet' }), 'an empty list');
    },
  );

  await step('a member looking at an event when it is deleted loses it live', async () => {
    await uma.visit('/', 'events list', eventsHeading(uma.name));
    doomedId = await createEvent(uma, { name: doomedName });
    await addMember(uma, xia, doomedId, doomedName);
    await uma.visit('/', 'events list', eventsHeading(uma.name));
    await uma.page.getByRole('button', { name: `Delete ${doomedName}` }).click();
    const dialog = uma.page
      .getByRole('alertdialog')
      .or(uma.page.getByRole('dialog'))
      .filter({ hasText: 'Delete Event' });
    await dialog.getByRole('button', { name: 'Delete Event' }).click();
    await visible(uma.page.getByText('Event Deleted'), "the 'Event Deleted' toast");
    // "This event was deleted" needs the event document to go before the memberships; when the
    // memberships go first the client cannot tell deletion from removal (docs/decisions.md).
    const lost = (p: Page) => deleted(p).or(noLonger(p));
    await showsOnly(xia, lost, null, "the deleted event's open dashboard");
    await gone(bannerHeading(doomedName)(xia.page), 'the deleted event’s banner');
    await xia.shoot('deleted-live');
  });
}
