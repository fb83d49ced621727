// Journey 19: one person, one account, whichever way they sign in. A guest who joined with an
// e-mail link later signs in with Google at the same address on another device and finds the
// same event; a host who started with Google signs in with an e-mail link on a phone and finds
// theirs. Firebase keeps one account per address (docs/decisions.md, "E-mail link sign-in").
import { check, visible } from '../lib/expect.ts';
import { createEvent, signInFromLanding } from '../lib/flows.ts';
import { INBOX, waitForMail } from '../lib/inbox.ts';
import type { JourneyContext } from '../lib/journey.ts';
import { RUN_ID } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

/** Asks for a sign-in link from the landing page and opens it from the inbox, on `person`'s device. */
async function signInByEmailLink(person: Person, count: number): Promise<void> {
  await person.visit('/', 'landing', (p) => p.getByRole('button', { name: 'Sign In' }));
  const form = person.page.getByRole('textbox', { name: /sign-in link by e-mail/ });
  await form.fill(person.email);
  await person.page.getByRole('button', { name: 'E-mail me a link' }).click();
  await visible(person.page.getByTestId('sign-in-link-sent'), 'Check your inbox');
  const mail = await waitForMail(person.email, /^Sign in to Gatherly$/, count);
  await person.page.goto(`${INBOX}/api/email/${mail.id}/html`);
  const href = await person.page.getByRole('link', { name: 'Sign in' }).getAttribute('href');
  check(href !== null, 'the sign-in link');
  await person.page.goto(href!);
}

/** The host turns the event link on in Settings; returns it. */
export async function turnOnEventLink(host: Person, eventId: string): Promise<string> {
  await host.visit(`/events/${eventId}/settings`, 'settings', (p) =>
    p.getByRole('heading', { name: 'Event Settings' }),
  );
  const card = host.page.getByTestId('event-link-card');
  await card.getByText('Event link off').click();
  const url = card.getByTestId('event-link-url');
  await visible(url, 'the event link');
  return (await url.innerText()).trim();
}

export async function oneAccount({ person, step }: JourneyContext): Promise<void> {
  const hana = await person('Hana Host');
  const linkFirst = `ivy-${RUN_ID}@icloud.example`;
  const ivyPhone = await person('Ivy Phone', { phone: true, email: linkFirst });
  const ivyLaptop = await person('Ivy Laptop', { email: linkFirst });
  const googleFirst = await person('Gil Google');
  const gilPhone = await person('Gil Phone', { phone: true, email: googleFirst.email });
  const eventName = `Reunion ${Date.now().toString(36)}`;
  const gilEvent = `Gil's Trip ${Date.now().toString(36)}`;

  await step(
    'Ivy signs in with an e-mail link and creates nothing: the host adds her',
    async () => {
      await signInByEmailLink(ivyPhone, 1);
      await visible(
        ivyPhone.page.getByRole('heading', { name: /^Welcome back/ }),
        'her events list',
        30_000,
      );
      await signInFromLanding(hana);
      const eventId = await createEvent(hana, { name: eventName, location: 'The Old School' });
      // The host's event link gets her in without an invitation e-mail.
      const url = await turnOnEventLink(hana, eventId);
      await ivyPhone.page.goto(url);
      await ivyPhone.page.getByRole('button', { name: 'Join Event' }).click();
      await visible(ivyPhone.page.getByText(`Welcome to ${eventName}!`), 'the welcome', 30_000);
    },
  );

  await step('later, Ivy signs in with Google at the same address: the same event', async () => {
    await signInFromLanding(ivyLaptop);
    await visible(ivyLaptop.page.getByText(eventName), 'the event in her list', 30_000);
    await ivyLaptop.shoot('google-after-email-link');
  });

  await step(
    'Gil signs in with Google first, creates an event, then uses an e-mail link',
    async () => {
      await signInFromLanding(googleFirst);
      await createEvent(googleFirst, { name: gilEvent, location: 'Porto' });
      await signInByEmailLink(gilPhone, 1);
      await visible(gilPhone.page.getByText(gilEvent), 'his event on the phone', 30_000);
      await gilPhone.shoot('email-link-after-google');
    },
  );
}
