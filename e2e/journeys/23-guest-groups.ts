// Journey 23: guest groups (issue 37). The host defines "Wedding party", puts the best man in it
// from the guest list, invites the maid of honour straight into it, and limits the rehearsal
// dinner to it ("Only: Wedding party" on the host's dashboard). A guest outside the group never
// sees the dinner: not on the dashboard, not in the schedule's counts, not in the activity feed.
// The best man RSVPs Going; the host's count moves; the host polls the dinner's day and only the
// group sees the poll. The host then writes to "Wedding party": its members get the e-mail in the
// local inbox and see it in their feed; the outsider gets neither, and their screens stay as they
// were.
import type { Locator, Page } from 'playwright-core';
import { check, gone, hasText, until, visible } from '../lib/expect.ts';
import {
  acceptInvitation,
  addMember,
  bannerHeading,
  chooseMenuItem,
  createEvent,
  dismissToasts,
  membersHeading,
  signInFromLanding,
} from '../lib/flows.ts';
import { INBOX, inbox, to, waitForMail } from '../lib/inbox.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

const DRINKS = 'Welcome drinks';
const DINNER = 'Rehearsal dinner';
const PARTY = 'Wedding party';
const NOTE = 'Rehearsal starts at 5 PM sharp at the chapel entrance.';

const item = (page: Page, title: string) =>
  page.getByTestId('schedule-item').filter({ hasText: title });

const activityHeading = (p: Page) => p.getByRole('heading', { name: 'Recent Activity' });

/**
 * Ticks the checkbox `name` in `dialog` through its visible label. A forced click on Chakra's
 * hidden input can land where it was a moment before (a dialog still growing) or, with the
 * dialog scrolled, fail as outside the viewport.
 */
async function tick(dialog: Locator, name: string) {
  await dialog.locator('label').filter({ hasText: name }).click();
  await until(`“${name}” ticked`, () => dialog.getByRole('checkbox', { name }).isChecked());
}

async function addItem(host: Person, title: string, start: string, groups: string[] = []) {
  const page = host.page;
  await page.getByRole('button', { name: 'Add Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Schedule Item' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Start Time').fill(start);
  for (const group of groups) await tick(dialog, group);
  if (groups.length > 0) await host.shoot('item-limited-to-a-group');
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await gone(dialog, 'the Add Schedule Item dialog');
}

/** The outsider's dashboard and feed: the drinks and no trace of the dinner. */
async function outsiderSeesNoDinner(otto: Person, eventId: string, eventName: string) {
  await otto.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
  await visible(item(otto.page, DRINKS), 'the drinks on the outsider’s dashboard');
  check((await item(otto.page, DINNER).count()) === 0, 'the outsider must not see the dinner');
  check(
    (await otto.page.getByText(DINNER).count()) === 0,
    'no mention of the dinner on the outsider’s dashboard',
  );
  await otto.visit(`/events/${eventId}/activity`, 'activity', activityHeading);
  await visible(otto.page.getByText(new RegExp(DRINKS)).first(), 'the drinks in the feed');
  check(
    (await otto.page.getByText(new RegExp(DINNER)).count()) === 0,
    'no line about the dinner in the outsider’s feed',
  );
}

export async function guestGroups({ person, step }: JourneyContext): Promise<void> {
  const hana = await person('Hana Host');
  const ben = await person('Ben Bestman');
  const may = await person('May Honour');
  const otto = await person('Otto Outside');
  const eventName = `Lakeside Wedding ${Date.now().toString(36)}`;
  let eventId = '';

  await step('the host creates the wedding with welcome drinks; two guests join', async () => {
    await signInFromLanding(hana);
    eventId = await createEvent(hana, {
      name: eventName,
      location: 'Lake House',
      dates: { start: '2027-06-11T17:00', end: '2027-06-12T23:00' },
    });
    await addItem(hana, DRINKS, '2027-06-11T18:00');
    for (const guest of [ben, otto]) await addMember(hana, guest, eventId, eventName);
  });

  await step('the host defines "Wedding party" on the guest list', async () => {
    await hana.visit(`/events/${eventId}/members`, 'members', membersHeading);
    await hana.page.getByRole('tab', { name: 'Guest List' }).click();
    const card = hana.page.getByTestId('groups-card');
    await visible(card, 'the guest groups card');
    await card.getByRole('button', { name: 'Add group' }).click();
    await visible(card.getByText('Give the group a name.'), 'the blank-name message');
    await card.getByLabel('New group').fill(PARTY);
    await card.getByRole('button', { name: 'Add group' }).click();
    await visible(card.getByTestId('group-list').getByText(PARTY), 'the new group');
  });

  await step('the host puts the best man in the group from the guest list', async () => {
    const page = hana.page;
    await page.getByRole('checkbox', { name: 'Select Ben Bestman' }).check({ force: true });
    const bar = page.getByTestId('group-assign');
    await hasText(bar, /1 guest selected/, 'the selection count');
    await bar.getByLabel('Group for the selected guests').selectOption({ label: PARTY });
    await bar.getByRole('button', { name: 'Add to group' }).click();
    await visible(page.getByText(`1 guest added to ${PARTY}.`), 'the assignment toast');
    const row = page.getByTestId('guest-row').filter({ hasText: 'Ben Bestman' });
    await hasText(row.getByTestId('guest-group'), PARTY, 'the group on the best man’s row');
    await page.getByLabel('Guest group', { exact: true }).selectOption({ label: PARTY });
    const rows = page.getByTestId('guest-row');
    await until('only the best man in the group', async () => (await rows.count()) === 1);
    await hana.shoot('guest-list-by-group');
    await page.getByLabel('Guest group', { exact: true }).selectOption({ label: 'All groups' });
    await dismissToasts(page);
  });

  await step('the host invites the maid of honour straight into the group', async () => {
    const page = hana.page;
    await page.getByRole('button', { name: 'Invite Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Member' });
    await dialog.getByLabel('Email Address').fill(may.email);
    await tick(dialog, PARTY);
    await hana.shoot('invite-into-a-group');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    const linkBox = dialog.getByLabel('Invitation link');
    await visible(linkBox, 'the invitation link to copy');
    const link = await linkBox.inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await acceptInvitation(may, link, eventName);
  });

  await step('the host limits the rehearsal dinner to the wedding party', async () => {
    await hana.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
    await addItem(hana, DINNER, '2027-06-11T20:00', [PARTY]);
    await hasText(
      item(hana.page, DINNER).getByTestId('item-limit'),
      `Only: ${PARTY}`,
      'the “Only” label for the host',
    );
    check(
      (await item(hana.page, DRINKS).getByTestId('item-limit').count()) === 0,
      'the drinks are open to everyone',
    );
    await hana.shoot('schedule-with-limited-item');
  });

  await step('a guest outside the group never sees the dinner (dashboard, feed)', async () => {
    await outsiderSeesNoDinner(otto, eventId, eventName);
    await otto.shoot('outsider-activity');
  });

  await step('those in the group see it; the best man RSVPs Going', async () => {
    await may.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
    await visible(item(may.page, DINNER), 'the dinner for the maid of honour');
    check(
      (await item(may.page, DINNER).getByTestId('item-limit').count()) === 0,
      'guests are not told about groups',
    );
    await ben.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
    const row = item(ben.page, DINNER);
    await visible(row, 'the dinner for the best man');
    await row.getByRole('button', { name: /^Your RSVP:/ }).click();
    await chooseMenuItem(ben.page, 'Going');
    await visible(row.getByRole('button', { name: 'Your RSVP: Going' }), 'the best man’s Going');
    await hasText(
      item(hana.page, DINNER).getByTestId('rsvp-counts'),
      /^1 going/,
      'the host’s count of the dinner',
    );
    await ben.shoot('group-member-dashboard');
  });

  await step('the host polls the dinner’s day: only the group sees the poll', async () => {
    await item(hana.page, DINNER)
      .getByRole('button', { name: `Poll times for ${DINNER}` })
      .click();
    const dialog = hana.page.getByRole('dialog', { name: 'Propose dates' });
    await dialog.getByLabel('Date 1 starts').fill('2027-06-10');
    await dialog.getByLabel('Date 2 starts').fill('2027-06-11');
    await dialog.getByRole('button', { name: 'Start the poll' }).click();
    await gone(dialog, 'the Propose dates dialog');
    // Live on the best man's dashboard (his group's query); the outsider's is checked below.
    await hasText(ben.page.getByTestId('date-poll'), /June 10, 2027/, 'the poll for the best man');
    await ben.shoot('group-member-poll');
  });

  await step('the host writes to the wedding party: only its members get it', async () => {
    const page = hana.page;
    await hana.visit(`/events/${eventId}/activity`, 'activity', activityHeading);
    await page.getByRole('button', { name: 'Send Announcement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Announcement' });
    await dialog.getByLabel('Send to').selectOption({ label: 'Guest groups…' });
    // The checklist appears with the choice and grows the dialog.
    await tick(dialog, PARTY);
    await dialog.getByLabel('Message').fill(NOTE);
    await hana.shoot('announcement-to-a-group');
    await dialog.getByRole('button', { name: 'Send Announcement' }).click();
    await visible(
      page.getByText(
        `E-mailed to 2 members (To: ${PARTY}). Only their members and the hosts see it in the activity feed.`,
      ),
      'who got it and who sees it',
    );
    await gone(dialog, 'the composer');
    for (const guest of [ben, may]) {
      const mail = await waitForMail(guest.email, /a message from Hana Host/);
      const html = await (await fetch(`${INBOX}/api/email/${mail.id}/html`)).text();
      check(html.includes(NOTE), `the message in ${guest.name}'s e-mail`);
      check(
        html.includes(`Sent to the members of ${PARTY}`),
        `the group in ${guest.name}'s e-mail`,
      );
    }
    // The outsider and the host get no copy (give the fan-out a moment).
    await new Promise((r) => setTimeout(r, 3000));
    const others = (await inbox()).filter(
      (m) => (to(otto.email)(m) || to(hana.email)(m)) && /a message from/.test(m.subject),
    );
    check(others.length === 0, `no announcement e-mail outside the group (${others.length})`);
    await ben.visit(`/events/${eventId}/activity`, 'activity', activityHeading);
    await hasText(
      ben.page.getByTestId('activity-entry').filter({ hasText: 'sent an announcement' }),
      new RegExp(`Hana Host sent an announcement to ${PARTY}: “${NOTE.replace(/[.]/g, '[.]')}”`),
      'the announcement in the best man’s feed',
    );
    await ben.shoot('group-announcement-in-feed');
    await otto.visit(`/events/${eventId}/activity`, 'activity', activityHeading);
    await visible(otto.page.getByText(new RegExp(DRINKS)).first(), 'the outsider’s feed');
    check(
      (await otto.page.getByText('sent an announcement').count()) === 0,
      'no group announcement in the outsider’s feed',
    );
  });

  await step(
    'the outsider still sees nothing of the dinner (nor its poll) after the answer',
    async () => {
      await outsiderSeesNoDinner(otto, eventId, eventName);
      await otto.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
      await otto.shoot('outsider-dashboard');
    },
  );
}
