// User flows several journeys share, written the way a person does them: visible labels only.
import type { Locator, Page } from 'playwright-core';
import { appears, gone, hasText, urlMatches, visible } from './expect.ts';
import type { Person } from './session.ts';

export const eventsHeading = (name: string) => (p: Page) =>
  p.getByRole('heading', { name: `Welcome back, ${name}` });
export const bannerHeading = (eventName: string) => (p: Page) =>
  p.getByTestId('event-banner').getByRole('heading', { name: eventName });

/** Lands signed out, signs in through the Google popup, and waits for the events list. */
export async function signInFromLanding(person: Person): Promise<void> {
  await person.visit('/', 'landing', (p) => p.getByRole('button', { name: 'Sign In' }));
  await person.timed('events list', () => person.signIn(), eventsHeading(person.name));
}

export interface NewEvent {
  name: string;
  description?: string;
  location?: string;
  /** Local date-time input values (YYYY-MM-DDTHH:mm); omitted → Dates TBD. */
  dates?: { start: string; end: string };
  colors?: { primary: string; secondary: string; tertiary: string };
}

/** From the events list: Create, fill the form, submit; returns the new event's id from the URL. */
export async function createEvent(
  person: Person,
  event: NewEvent,
  shoot?: string,
): Promise<string> {
  const page = person.page;
  const create = page.getByRole('button', { name: /^(Create Event|Create Your First Event)$/ });
  await person.timed(
    'create event',
    () => create.first().click(),
    (p) => p.getByRole('heading', { name: 'Create Event' }),
  );
  await page.getByLabel('Event Name').fill(event.name);
  if (event.description) await page.getByLabel('Description').fill(event.description);
  if (event.location) await page.getByLabel('Location').fill(event.location);
  if (event.dates) {
    await page.getByLabel('Start Date').fill(event.dates.start);
    await page.getByLabel('End Date').fill(event.dates.end);
  } else {
    await page.getByText('Dates TBD', { exact: true }).click();
    await visible(
      page.getByText(
        'Event dates will be determined later. You can update them in the event settings.',
      ),
      'the TBD note',
    );
  }
  if (event.colors) {
    for (const [label, value] of [
      ['Primary', event.colors.primary],
      ['Secondary', event.colors.secondary],
      ['Tertiary', event.colors.tertiary],
    ] as const) {
      await page.getByLabel(`${label} hex`).fill(value);
    }
  }
  if (shoot) await person.shoot(shoot);
  // At 1280×800 the sign-in toast sits over the submit button; close it as a person would, so the
  // timing below measures the app rather than the toast's 5 s.
  await dismissToasts(page);
  await person.timed(
    'dashboard (new event)',
    () => page.getByRole('button', { name: 'Create Event', exact: true }).click(),
    bannerHeading(event.name),
  );
  await urlMatches(page, /\/events\/[^/]+$/, 'the new event dashboard');
  return eventIdOf(page);
}

export function eventIdOf(page: Page): string {
  const m = /\/events\/([^/?#]+)/.exec(page.url());
  if (!m?.[1]) throw new Error(`not on an event route: ${page.url()}`);
  return m[1];
}

/** Clicks an item of the event's side navigation and waits for that screen. */
export async function navigate(
  person: Person,
  label: 'Dashboard' | 'Photos' | 'Travel' | 'Members' | 'Settings',
  screen: string,
  ready: (p: Page) => Locator,
) {
  const nav = person.page.getByRole('navigation', { name: 'Event navigation' });
  await person.timed(screen, () => nav.getByRole('link', { name: label }).click(), ready);
}

export const membersHeading = (p: Page) => p.getByRole('heading', { name: 'Event Members' });

/** Members screen → Invite Member → send; returns the invitation link the dialog shows. */
export async function inviteByEmail(
  person: Person,
  eventId: string,
  email: string,
  role: 'attendee' | 'admin' = 'attendee',
  shoot?: string,
): Promise<string> {
  const page = person.page;
  if (!page.url().endsWith(`/events/${eventId}/members`)) {
    await person.visit(`/events/${eventId}/members`, 'members', membersHeading);
  }
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Member' });
  await dialog.getByLabel('Email Address').fill(email);
  await dialog.getByLabel('Role').selectOption(role);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  const linkBox = dialog.getByLabel('Invitation link');
  await visible(linkBox, 'the invitation link to copy');
  const link = await linkBox.inputValue();
  if (!/\/invite\/[A-Za-z0-9_-]{40,}$/.test(link))
    throw new Error(`unexpected invitation link ${link}`);
  if (shoot) await person.shoot(shoot);
  await dialog.getByRole('button', { name: 'Done' }).click();
  return link;
}

/** The invited person opens the link (signing in with the invited account if signed out) and accepts. */
export async function acceptInvitation(
  person: Person,
  link: string,
  eventName: string,
  shoot?: string,
): Promise<void> {
  const path = new URL(link).pathname;
  await person.visit(path, 'invitation (signed out)', (p) =>
    p.getByRole('heading', { name: "You're Invited!" }),
  );
  await hasText(
    person.page.getByRole('heading', { name: eventName }),
    eventName,
    'the invited event name',
  );
  if (shoot) await person.shoot(shoot);
  // The welcome shows for 2 s before the redirect: watched for from before the click, so a sign-in
  // popup that is slow to close (a loaded machine) cannot start the check after it has gone, and
  // by an observer, so a page busy loading the event meanwhile cannot hide it between two polls.
  const welcome = appears(
    person.page,
    `Welcome to ${eventName}! Taking you to the event...`,
    'the welcome message',
    30_000,
  );
  welcome.catch(() => undefined); // awaited below; a failed sign-in throws first
  const signInAndAccept = person.page.getByRole('button', { name: 'Sign In & Accept Invitation' });
  if (await signInAndAccept.isVisible()) await person.signIn(signInAndAccept);
  else await person.page.getByRole('button', { name: 'Accept Invitation', exact: true }).click();
  await welcome;
  await visible(person.page.getByText('Invitation Accepted'), "the 'Invitation Accepted' toast");
  // Where a Going asks something (plus-ones, questions, a capacity), the dashboard opens the
  // main item's RSVP step for the newcomer; the journeys answer through the RSVP menu instead.
  // The open step hides the page behind it from the accessibility tree, banner heading included,
  // so the dashboard counts as shown when either is: on a loaded machine the step can open
  // between two polls for the heading, which then never matches.
  const step = person.page.getByRole('dialog', { name: /^Going to / });
  await person.timed(
    'dashboard (after accept, incl. 2 s redirect)',
    async () => undefined,
    (p) => bannerHeading(eventName)(p).or(step),
  );
  await urlMatches(person.page, /\/events\/[^/]+$/, 'the redirect to the event');
  const opened = await step.waitFor({ state: 'visible', timeout: 3000 }).then(
    () => true,
    () => false,
  );
  if (opened) {
    await step.getByRole('button', { name: 'Cancel' }).click();
    await gone(step, 'the welcome RSVP step, closed');
  }
  await visible(bannerHeading(eventName)(person.page), 'the event banner');
}

/** Invites `guest` by e-mail and has them accept: the usual way into an event. */
export async function addMember(
  host: Person,
  guest: Person,
  eventId: string,
  eventName: string,
  role: 'attendee' | 'admin' = 'attendee',
) {
  const link = await inviteByEmail(host, eventId, guest.email, role);
  await acceptInvitation(guest, link, eventName);
}

/**
 * Chooses `name` in the open menu and waits for the menu to take it (it closes). A menu just
 * mounted open is still being positioned for a moment; on a loaded machine a click can land
 * where the item was a frame before, and nothing is chosen. A person taps again; so does this,
 * once.
 */
export async function chooseMenuItem(page: Page, name: string): Promise<void> {
  const item = page.getByRole('menuitem', { name, exact: true });
  for (let attempt = 1; ; attempt++) {
    await item.click();
    const taken = await item.waitFor({ state: 'hidden', timeout: 3000 }).then(
      () => true,
      () => false,
    );
    if (taken || attempt === 2) return;
  }
}

/** Closes every open toast with its close button. */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('button', { name: 'Close' });
  for (let i = await close.count(); i > 0; i--) {
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
}
