// Journey 18: a guest with no Google account, on a phone, from the invitation e-mail to a saved
// RSVP (Going, with a named plus-one), counting every tap in the inbox and in the app (typing is
// not counted; the goal is at most 7). The sign-in link goes to the invited address on demand,
// so a forwarded invitation signs nobody in; the guest names themself on Accept.
import type { Locator } from 'playwright-core';
import { listDocumentIds, readDocument, updateEvent } from '../lib/admin.ts';
import { check, hasText, until, visible } from '../lib/expect.ts';
import { bannerHeading, createEvent, inviteByEmail, signInFromLanding } from '../lib/flows.ts';
import { INBOX, waitForMail } from '../lib/inbox.ts';
import type { JourneyContext } from '../lib/journey.ts';
import { RUN_ID } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

/** The goal of the issue: from opening the e-mail to the saved RSVP. */
const MAX_TAPS = 7;

/** Counts a person's taps: each is one click or one link followed. */
class Taps {
  count = 0;
  constructor(private readonly person: Person) {}
  async tap(target: Locator): Promise<void> {
    this.count += 1;
    await target.tap();
  }
  /** Follows a link in an e-mail (one tap), opening it in this tab as the phone's browser would. */
  async follow(link: Locator): Promise<void> {
    this.count += 1;
    const href = await link.getAttribute('href');
    check(href !== null, 'the link has an address');
    await this.person.page.goto(href!);
  }
  /** Opens an e-mail from the inbox list (one tap). */
  async openMail(id: string): Promise<void> {
    this.count += 1;
    await this.person.page.goto(`${INBOX}/api/email/${id}/html`);
  }
}

export async function everyGuest({ person, step, log }: JourneyContext): Promise<void> {
  const hana = await person('Hana Host');
  // Not a Google address: the guest has only an inbox.
  const rose = await person('Rose Abbott', {
    phone: true,
    email: `rose-${RUN_ID}@outlook.example`,
  });
  const eventName = `Garden Wedding ${Date.now().toString(36)}`;
  let eventId = '';
  const taps = new Taps(rose);

  await step(
    'the host creates the wedding with a ceremony, one plus-one each, and invites Rose',
    async () => {
      await signInFromLanding(hana);
      eventId = await createEvent(hana, {
        name: eventName,
        location: 'Rose Garden',
        dates: { start: '2027-06-12T15:00', end: '2027-06-12T23:00' },
      });
      await updateEvent(eventId, { plusOnesAllowed: 1 });
      const page = hana.page;
      await page.getByRole('button', { name: 'Add Item' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Schedule Item' });
      await dialog.getByLabel('Title').fill('Ceremony');
      await dialog.getByLabel('Start Time').fill('2027-06-12T16:00');
      await dialog.getByLabel('Location').fill('Rose Garden');
      await dialog.getByRole('button', { name: 'Add Item' }).click();
      await visible(page.getByText('Schedule Item Added'), "the 'Schedule Item Added' toast");
      await inviteByEmail(hana, eventId, rose.email);
    },
  );

  await step('Rose opens the invitation e-mail and follows it to the invitation page', async () => {
    const mail = await waitForMail(rose.email, /invited you to/);
    await taps.openMail(mail.id);
    await visible(rose.page.getByText(/No account needed/), 'the e-mail says no account is needed');
    await rose.shoot('invitation-email');
    await taps.follow(rose.page.getByRole('link', { name: 'Accept invitation' }));
    await visible(rose.page.getByRole('heading', { name: "You're Invited!" }), 'the invitation');
    await hasText(rose.page.getByRole('heading', { name: eventName }), eventName, 'the event');
    await rose.shoot('invitation-signed-out');
  });

  await step('she asks for a sign-in link: it goes to her invited address', async () => {
    await taps.tap(rose.page.getByRole('button', { name: 'E-mail Me a Sign-In Link' }));
    await visible(rose.page.getByTestId('sign-in-link-sent'), 'Check your inbox');
    await visible(
      rose.page.getByTestId('sign-in-link-sent').getByText(rose.email, { exact: false }),
      'the address it went to',
    );
    await rose.shoot('sign-in-link-sent');
  });

  await step(
    'she opens the sign-in e-mail and its link: signed in, Accept in front of her',
    async () => {
      const mail = await waitForMail(rose.email, /^Sign in to Gatherly for /);
      check(mail.subject.includes(eventName), `the subject names the event: ${mail.subject}`);
      await taps.openMail(mail.id);
      await rose.shoot('sign-in-email');
      await taps.follow(rose.page.getByRole('link', { name: 'Sign in' }));
      const accept = rose.page.getByRole('button', { name: 'Accept Invitation', exact: true });
      await visible(accept, 'Accept Invitation, signed in', 30_000);
      await rose.page.getByLabel('Your name').fill('Rose Abbott');
      await rose.shoot('invitation-signed-in');
    },
  );

  await step('she accepts: the event opens on the ceremony with the RSVP step ready', async () => {
    await taps.tap(rose.page.getByRole('button', { name: 'Accept Invitation', exact: true }));
    await visible(
      rose.page.getByText(`Welcome to ${eventName}! Taking you to the event...`),
      'the welcome message',
    );
    const dialog = rose.page.getByRole('dialog', { name: 'Going to Ceremony' });
    await visible(dialog, 'the RSVP step of the ceremony', 30_000);
    await dialog.getByRole('textbox', { name: 'Guest 1' }).fill('Joe Abbott');
    await rose.shoot('welcome-rsvp-step');
    await taps.tap(dialog.getByRole('button', { name: 'RSVP Going' }));
    await visible(rose.page.getByText("You're going to Ceremony."), 'the RSVP saved');
    await visible(bannerHeading(eventName)(rose.page), 'the dashboard');
    await rose.shoot('dashboard-after-rsvp');
  });

  await step(`the RSVP is stored with the plus-one; ${MAX_TAPS} taps at most`, async () => {
    const [ceremony] = await listDocumentIds(`events/${eventId}/schedule`);
    check(ceremony !== undefined, 'the ceremony exists');
    await until(
      'the stored RSVP',
      async () => {
        const rsvp = await readDocument(
          `events/${eventId}/schedule/${ceremony}/rsvps/{uid}`,
          rose.email,
        );
        return (
          (rsvp?.status === 'going' && JSON.stringify(rsvp.party).includes('Joe Abbott')) ||
          `stored: ${JSON.stringify(rsvp)}`
        );
      },
      15_000,
    );
    const member = await readDocument(`events/${eventId}/members/{uid}`, rose.email);
    check(
      JSON.stringify(member?.user).includes('Rose Abbott'),
      `her name on the membership: ${JSON.stringify(member?.user)}`,
    );
    log(`  taps from opening the invitation e-mail to the saved RSVP: ${taps.count}`);
    check(taps.count <= MAX_TAPS, `${taps.count} taps, at most ${MAX_TAPS}`);
  });
}
