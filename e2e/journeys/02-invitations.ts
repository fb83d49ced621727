// Journey 2: the creator invites a friend by e-mail; the friend opens the link signed out, signs
// in with the invited account, accepts and is taken to the event; someone else sees the mismatch
// before, and that the link was used after.
import { hasText, visible } from '../lib/expect.ts';
import {
  acceptInvitation,
  bannerHeading,
  createEvent,
  inviteByEmail,
  membersHeading,
  signInFromLanding,
} from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';

export async function invitations({ person, step }: JourneyContext): Promise<void> {
  const bea = await person('Bea Host');
  const cal = await person('Cal Friend');
  const dan = await person('Dan Stranger');
  const eventName = `Bea's Birthday Dinner ${Date.now().toString(36)}`;
  let eventId = '';
  let link = '';

  await step('the creator signs in and creates an event', async () => {
    await signInFromLanding(bea);
    eventId = await createEvent(bea, {
      name: eventName,
      location: 'Trattoria Roma',
      dates: { start: '2027-06-12T19:00', end: '2027-06-12T23:30' },
    });
  });

  await step('the creator opens Members from the banner Invite button', async () => {
    await bea.timed(
      'members',
      () => bea.page.getByTestId('event-banner').getByRole('link', { name: 'Invite' }).click(),
      membersHeading,
    );
    await visible(bea.page.getByText('Total: 1'), 'one member so far');
  });

  await step('the creator invites the friend by e-mail and gets the link to copy', async () => {
    // Watched for from before the click: the toast's 5 s can pass while the dialog is saved at
    // both widths and scanned (slow on a loaded machine).
    const toast = visible(bea.page.getByText('Invitation Sent'), "the 'Invitation Sent' toast");
    toast.catch(() => undefined); // awaited below
    link = await inviteByEmail(bea, eventId, cal.email, 'attendee', 'invite-link');
    await toast;
  });

  await step(
    'a third person with another e-mail opens the same link and sees the mismatch',
    async () => {
      await signInFromLanding(dan);
      await dan.visit(new URL(link).pathname, 'invitation (wrong account)', (p) =>
        p.getByRole('heading', { name: "You're Invited!" }),
      );
      await visible(
        dan.page.getByText(
          `This invitation is for ${cal.email}. Please sign in with the correct email address.`,
        ),
        'the mismatch message',
      );
      await visible(
        dan.page.getByRole('button', { name: 'Sign In with Different Account' }),
        "'Sign In with Different Account'",
      );
      await dan.shoot('invitation-mismatch');
    },
  );

  await step(
    'the friend opens the link signed out, signs in with the invited account and accepts',
    async () => {
      await acceptInvitation(cal, link, eventName, 'invitation-signed-out');
      await cal.shoot('friend-dashboard');
    },
  );

  await step("the friend appears live on the creator's members screen", async () => {
    await visible(bea.page.getByText('Total: 2'), 'two members');
    await visible(
      bea.page.getByTestId('member-card').filter({ hasText: cal.email }),
      "the friend's member card",
    );
    await hasText(
      bea.page.getByTestId('member-card').filter({ hasText: cal.email }).getByText('Attendee'),
      'Attendee',
      "the friend's role",
    );
    await bea.shoot('members');
  });

  await step('once accepted, the link tells the third person it was used', async () => {
    await dan.visit(new URL(link).pathname, 'invitation (used)', (p) =>
      p.getByRole('heading', { name: 'Invitation Already Used' }),
    );
    await dan.shoot('invitation-used');
  });

  await step('the third person cannot open the event', async () => {
    await dan.visit(`/events/${eventId}`, 'dashboard (not invited)', (p) =>
      p.getByRole('heading', { name: 'Access Denied' }),
    );
    await visible(
      dan.page.getByText('You have not been invited to this event'),
      'the access-denied text',
    );
    await dan.shoot('access-denied');
    await cal.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
  });
}
