// Journey 13: the host's guest list (issue 17). The host invites three people: one accepts, one
// is revoked (their link then shows Invitation Not Found), one gets the e-mail again. Two guests
// answer the ceremony differently and the host records a third guest's answer given by phone.
// The host filters "No answer", sees who's going under the count (and hides the names from
// guests), then exports the CSV and the journey reads the file back.
import type { Page } from 'playwright-core';
import { setPlan } from '../lib/admin.ts';
import { downloadedCsv } from '../lib/csv.ts';
import { check, gone, hasText, until, visible } from '../lib/expect.ts';
import {
  acceptInvitation,
  addMember,
  bannerHeading,
  chooseMenuItem,
  createEvent,
  dismissToasts,
  inviteByEmail,
  membersHeading,
  signInFromLanding,
} from '../lib/flows.ts';
import { waitForMail } from '../lib/inbox.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

const CEREMONY = 'Ceremony';

const item = (page: Page) => page.getByTestId('schedule-item').filter({ hasText: CEREMONY });

async function rsvp(person: Person, answer: 'Going' | 'Not Going') {
  const row = item(person.page);
  await row.getByRole('button', { name: /^Your RSVP:/ }).click();
  await chooseMenuItem(person.page, answer);
  await visible(row.getByRole('button', { name: `Your RSVP: ${answer}` }), `${answer} chosen`);
}

async function openTab(host: Person, eventId: string, tab: 'Guest List' | 'Pending Invitations') {
  if (!host.page.url().endsWith(`/events/${eventId}/members`)) {
    await host.visit(`/events/${eventId}/members`, 'members', membersHeading);
  }
  await host.page.getByRole('tab', { name: tab }).click();
  await visible(host.page.getByRole('heading', { name: tab }), `the ${tab} tab`);
}

export async function guestList({ person, step }: JourneyContext): Promise<void> {
  const hana = await person('Hana Host');
  const abe = await person('Abe Accepts');
  const bo = await person('Bo Declines');
  const chloe = await person('Chloé Phones');
  const rev = await person('Rev Revoked');
  const res = await person('Res Resent');
  const eventName = `Garden Wedding ${Date.now().toString(36)}`;
  let eventId = '';
  const links = new Map<Person, string>();

  await step('the host creates an event with a ceremony on the schedule', async () => {
    await signInFromLanding(hana);
    eventId = await createEvent(hana, {
      name: eventName,
      location: 'Rose Garden',
      dates: { start: '2027-05-22T14:00', end: '2027-05-22T23:00' },
    });
    await hana.page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = hana.page.getByRole('dialog', { name: 'Add Schedule Item' });
    await dialog.getByLabel('Title').fill(CEREMONY);
    await dialog.getByLabel('Start Time').fill('2027-05-22T16:00');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await gone(dialog, 'the Add Schedule Item dialog');
  });

  await step('the host invites three people; one accepts', async () => {
    for (const guest of [abe, rev, res]) {
      links.set(guest, await inviteByEmail(hana, eventId, guest.email));
    }
    await acceptInvitation(abe, links.get(abe)!, eventName);
  });

  await step('pending invitations: who invited and when; the accepted one left live', async () => {
    await openTab(hana, eventId, 'Pending Invitations');
    const rows = hana.page.getByTestId('pending-invitation');
    await until('two pending invitations', async () => (await rows.count()) === 2);
    for (const guest of [rev, res]) {
      await hasText(
        rows.filter({ hasText: guest.email }),
        /Invited by Hana Host on \w{3} \d{1,2}, \d{4}/,
        `who invited ${guest.name}`,
      );
    }
    await hana.shoot('pending-invitations');
  });

  await step('the host revokes one: the link answers Invitation Not Found at once', async () => {
    const row = hana.page.getByTestId('pending-invitation').filter({ hasText: rev.email });
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = hana.page.getByRole('alertdialog', { name: 'Revoke Invitation' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await visible(hana.page.getByText('Invitation Revoked'), "the 'Invitation Revoked' toast");
    await gone(row, 'the revoked invitation');
    await rev.visit(new URL(links.get(rev)!).pathname, 'invitation (revoked)', (p) =>
      p.getByRole('heading', { name: 'Invitation Not Found' }),
    );
    await rev.shoot('invitation-revoked');
  });

  await step('the host resends the other: a second e-mail reaches the local inbox', async () => {
    await dismissToasts(hana.page);
    const row = hana.page.getByTestId('pending-invitation').filter({ hasText: res.email });
    await row.getByRole('button', { name: 'Resend' }).click();
    await visible(hana.page.getByText(`Sent again to ${res.email}`), 'the resend toast');
    await waitForMail(res.email, /invited you to/, 2);
  });

  await step('two guests answer differently; a third answers by phone', async () => {
    await signInFromLanding(bo);
    await signInFromLanding(chloe);
    for (const guest of [bo, chloe]) await addMember(hana, guest, eventId, eventName);
    await abe.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
    await rsvp(abe, 'Going');
    await rsvp(bo, 'Not Going');
    await openTab(hana, eventId, 'Guest List');
    const row = hana.page.getByTestId('guest-row').filter({ hasText: 'Chloé Phones' });
    await row.getByLabel('Record an answer for Chloé Phones').selectOption('maybe');
    await hasText(row.getByTestId('guest-answer'), 'Maybe', "Chloé's recorded answer");
    await visible(row.getByText(/Recorded by the host/), 'the recorded mark');
    const totals = hana.page.getByTestId('guest-totals');
    for (const total of ['Going: 1', 'Maybe: 1', 'Not Going: 1', 'No answer: 1']) {
      await visible(totals.getByText(total), `the total '${total}'`);
    }
  });

  await step('the feed says the host recorded an answer, not which', async () => {
    await abe.visit(`/events/${eventId}/activity`, 'activity', (p) =>
      p.getByRole('heading', { name: 'Recent Activity' }),
    );
    await visible(
      abe.page.getByText("Hana Host recorded Chloé Phones's answer to Ceremony"),
      'the recorded answer in the feed',
    );
  });

  await step('the host filters No answer: only the host has not answered', async () => {
    await hana.page.getByRole('button', { name: 'No answer', exact: true }).click();
    const rows = hana.page.getByTestId('guest-row');
    await until('one guest without an answer', async () => (await rows.count()) === 1);
    await hasText(rows.first(), /Hana Host/, 'the host without an answer');
    await hana.shoot('guest-list-no-answer');
    await hana.page.getByRole('button', { name: 'Everyone', exact: true }).click();
    await until('all four guests', async () => (await rows.count()) === 4);
    await hana.shoot('guest-list');
  });

  await step("a guest sees who's going; the host hides the names; only counts remain", async () => {
    await abe.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
    await item(abe.page).getByRole('button', { name: "See who's going" }).click();
    await hasText(abe.page.getByTestId('who-is-going'), 'Abe Accepts', "who's going");
    await abe.shoot('who-is-going');
    await hana.visit(`/events/${eventId}/settings`, 'settings', (p) =>
      p.getByRole('heading', { name: 'Event Settings' }),
    );
    const setting = hana.page.getByRole('checkbox', { name: "Guests can see who's going" });
    check(await setting.isChecked(), "'Guests can see who's going' is on by default");
    await setting.click({ force: true });
    await until('the setting to be off', async () => !(await setting.isChecked()));
    await gone(
      item(abe.page).getByRole('button', { name: /who's going/ }),
      "the guest's who's going button",
    );
    await visible(item(abe.page).getByText('1 going · 3 replies'), 'the count, still there');
  });

  await step('Export CSV on the Free plan offers the upgrade', async () => {
    await openTab(hana, eventId, 'Guest List');
    await hana.page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = hana.page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await visible(dialog.getByText(/Exporting the guest list is not part of the Free plan/), 'why');
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await gone(dialog, 'the upgrade dialog');
  });

  await step('on Pro the host exports the CSV; the file holds every guest', async () => {
    await setPlan(hana.email, 'paid');
    await hana.page.reload();
    await openTab(hana, eventId, 'Guest List');
    const [download] = await Promise.all([
      hana.page.waitForEvent('download'),
      hana.page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    check(
      download.suggestedFilename().endsWith('-guest-list.csv'),
      `file name ${download.suggestedFilename()}`,
    );
    const rows = await downloadedCsv(download);
    const header = rows[0]!;
    check(
      header.join('|') ===
        `Name|Email|Role|Status|Joined|${CEREMONY}|${CEREMONY} (party size)|${CEREMONY} (guests)`,
      `header ${header.join('|')}`,
    );
    const byEmail = new Map(rows.slice(1).map((r) => [r[1]!, r]));
    const answer = (p: Person) => byEmail.get(p.email)?.[5];
    check(rows.length === 1 + 4 + 1, `4 members and 1 pending invitation, got ${rows.length - 1}`);
    check(answer(abe) === 'Going', `Abe: ${answer(abe)}`);
    check(byEmail.get(abe.email)?.[6] === '1', 'Abe comes alone: a party of 1');
    check(answer(bo) === 'Not Going', `Bo: ${answer(bo)}`);
    check(answer(chloe) === 'Maybe (recorded by the host)', `Chloé: ${answer(chloe)}`);
    check(byEmail.get(chloe.email)?.[0] === 'Chloé Phones', 'the accent survives');
    check(answer(hana) === 'Not Responded', `Hana: ${answer(hana)}`);
    check(byEmail.get(hana.email)?.[2] === 'Creator', 'the host is the creator');
    check(byEmail.get(res.email)?.[3] === 'Invited', 'the resent invitation is still pending');
    check(!byEmail.has(rev.email), 'the revoked invitation is not in the file');
  });
}
