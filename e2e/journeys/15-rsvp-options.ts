// Journey 15: RSVPs that fit real guests (issue 18). The host (Pro) gives the rehearsal dinner 3
// seats in the schedule dialog (locked on Free, with the plan message), allows one plus-one and
// asks for dietary needs. A guest answers Going with a named plus-one and the dietary answer in
// one step (the domain's messages first), reads the answers back and edits them; the host sees
// the party and the answer. A second guest's party of two is refused for the last seat with the
// server's sentence; alone, they fill the item. A third guest joins the waitlist and sees their
// place; the second withdraws, and the third is promoted live on their screen (no reload) and
// told by e-mail.
import type { Page } from 'playwright-core';
import { readDocument, setPlan, updateEvent } from '../lib/admin.ts';
import { setColorMode } from '../lib/a11y.ts';
import { check, gone, hasText, until, visible } from '../lib/expect.ts';
import {
  addMember,
  bannerHeading,
  chooseMenuItem,
  createEvent,
  dismissToasts,
  signInFromLanding,
} from '../lib/flows.ts';
import { waitForMail } from '../lib/inbox.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

const DINNER = 'Rehearsal dinner';

const item = (page: Page) => page.getByTestId('schedule-item').filter({ hasText: DINNER });

/** Opens the RSVP menu on the dinner and picks `answer`. */
async function choose(person: Person, answer: 'Going' | 'Not Going') {
  await item(person.page)
    .getByRole('button', { name: /^Your RSVP:/ })
    .click();
  await chooseMenuItem(person.page, answer);
}

/** Going opens the RSVP step for this item. */
async function openGoing(person: Person) {
  await choose(person, 'Going');
  const dialog = person.page.getByRole('dialog', { name: `Going to ${DINNER}` });
  await visible(dialog, `${person.name}'s RSVP step`);
  return dialog;
}

const counts = (page: Page) => item(page).getByTestId('rsvp-counts');
const spots = (page: Page) => item(page).getByTestId('spots-left');

export async function rsvpOptions({ person, step }: JourneyContext): Promise<void> {
  const hana = await person('Hana Host');
  const gus = await person('Gus Guest');
  const wes = await person('Wes Guest');
  const tia = await person('Tia Waits');
  const eventName = `Rehearsal Weekend ${Date.now().toString(36)}`;
  let eventId = '';

  await step('the host creates an event; on the Free plan capacity is locked', async () => {
    await signInFromLanding(hana);
    eventId = await createEvent(hana, {
      name: eventName,
      location: 'Casa Azul',
      dates: { start: '2027-06-11T16:00', end: '2027-06-12T23:00' },
    });
    await hana.page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = hana.page.getByRole('dialog', { name: 'Add Schedule Item' });
    await visible(
      dialog.getByText('Capacity and waitlists need the Pro or Enterprise plan.'),
      'the plan message on the capacity field',
    );
    check(await dialog.getByLabel('Capacity (optional)').isDisabled(), 'capacity is locked');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(dialog, 'the Add Schedule Item dialog');
  });

  await step('on Pro the host adds the rehearsal dinner with 3 seats', async () => {
    await setPlan(hana.email, 'paid');
    await hana.page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = hana.page.getByRole('dialog', { name: 'Add Schedule Item' });
    const capacity = dialog.getByLabel('Capacity (optional)');
    await visible(dialog.getByText(/Most people going, guests included/), 'the capacity help');
    // Open once the creator's plan has loaded.
    await until('capacity to open on Pro', async () => (await capacity.isEnabled()) || 'locked');
    await dialog.getByLabel('Title').fill(DINNER);
    await dialog.getByLabel('Start Time').fill('2027-06-11T19:00');
    await dialog.getByLabel('Location').fill('Casa Azul, terrace');
    await capacity.fill('3');
    await dismissToasts(hana.page);
    await hana.shoot('schedule-item-capacity');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await visible(hana.page.getByText('Schedule Item Added'), "the 'Schedule Item Added' toast");
    await gone(dialog, 'the Add Schedule Item dialog');
    await hasText(spots(hana.page), '3 spots left', 'the seats on the schedule');
    await hasText(counts(hana.page), '0 going · 0 replies', 'no answers yet');
  });

  await step('the host allows one plus-one and asks for dietary needs', async () => {
    // Set through the admin SDK: journey 16 drives the Settings "RSVP Options" card itself and
    // the guest list's party and answer columns; this one follows the guest's side.
    await updateEvent(eventId, {
      plusOnesAllowed: 1,
      questions: [
        {
          id: 'diet',
          label: 'Dietary needs',
          kind: 'single',
          options: ['None', 'Vegetarian', 'Vegan', 'Gluten-free'],
          required: true,
        },
        { id: 'access', label: 'Accessibility needs', kind: 'text', options: [], required: false },
      ],
    });
  });

  await step('three guests join by invitation', async () => {
    for (const guest of [gus, wes, tia]) await addMember(hana, guest, eventId, eventName);
    await hana.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
  });

  await step('a guest answers Going with a named plus-one and the dietary answer', async () => {
    const dialog = await openGoing(gus);
    await visible(dialog.getByText('3 spots left'), 'the spots left in the step');
    await visible(dialog.getByText('You can bring up to 1 guest'), 'the allowance');
    await dialog.getByRole('button', { name: 'Add a guest' }).click();
    await dialog.getByRole('button', { name: 'RSVP Going' }).click();
    await visible(dialog.getByText("Please enter each guest's name"), 'the name message');
    await visible(dialog.getByText('Please answer “Dietary needs”'), 'the required question');
    await dialog.getByRole('textbox', { name: 'Guest 1' }).fill('Pia Partner');
    await dialog.getByText('Vegetarian', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Accessibility needs' }).fill('Step-free access');
    await gus.shoot('rsvp-dialog');
    await setColorMode(gus.page, 'dark');
    await gus.shoot('rsvp-dialog-dark');
    await setColorMode(gus.page, 'light');
    await dialog.getByRole('button', { name: 'RSVP Going' }).click();
    await visible(gus.page.getByText('RSVP saved'), "the 'RSVP saved' toast");
    await gone(dialog, 'the RSVP step');
    await visible(
      item(gus.page).getByRole('button', { name: 'Your RSVP: Going' }),
      "Gus's chip to read Going",
    );
    await hasText(
      item(gus.page).getByTestId('my-party'),
      'Your party: You + 1 guest (Pia Partner)',
      'the party under the item',
    );
    await hasText(counts(gus.page), '2 going · 1 reply', 'heads and replies');
    await hasText(spots(gus.page), '1 spot left', 'the seat left');
  });

  await step('the guest reads their answers back on the dashboard', async () => {
    const answers = gus.page.getByTestId('your-answers');
    await hasText(
      answers,
      /Dietary needs\s*Vegetarian\s*Accessibility needs\s*Step-free access/,
      'Your answers',
    );
    await dismissToasts(gus.page);
    await gus.shoot('your-answers');
  });

  await step('the host sees the party and the answer', async () => {
    // The guest list's party and answer columns and its CSV come from the admin-side branch of
    // issue 18 (assertions added there); here the dashboard and what the server stored.
    await hasText(counts(hana.page), '2 going · 1 reply', "the host's count in heads");
    await hasText(spots(hana.page), '1 spot left', "the host's seats left");
    await hasText(hana.page.getByTestId('stat-going'), /RSVPs 2$/, 'the RSVPs stat in heads');
    await item(hana.page).getByRole('button', { name: "See who's going" }).click();
    await hasText(hana.page.getByTestId('who-is-going'), 'Gus Guest (+1)', "who's going");
    const map = await readDocument(`events/${eventId}/rsvpsByUser/{uid}`, gus.email);
    const parties = Object.values((map?.parties ?? {}) as Record<string, unknown>);
    check(
      JSON.stringify(parties) ===
        JSON.stringify([{ size: 2, guests: [{ name: 'Pia Partner', child: false }] }]),
      `the stored party: ${JSON.stringify(parties)}`,
    );
    const answers = await readDocument(`events/${eventId}/guestAnswers/{uid}`, gus.email);
    check(
      JSON.stringify(answers?.answers) ===
        JSON.stringify({ diet: 'Vegetarian', access: 'Step-free access' }),
      `the stored answers: ${JSON.stringify(answers?.answers)}`,
    );
  });

  await step(
    'a party of two for the last seat is refused with the sentence; alone it fills the item',
    async () => {
      const dialog = await openGoing(wes);
      await visible(dialog.getByText('1 spot left', { exact: true }), 'the last seat');
      await dialog.getByRole('button', { name: 'Add a guest' }).click();
      await dialog.getByRole('textbox', { name: 'Guest 1' }).fill('Val Plus');
      await dialog.getByText('None', { exact: true }).click();
      await dialog.getByRole('button', { name: 'RSVP Going' }).click();
      const alert = dialog.getByRole('alert');
      await hasText(
        alert.getByText('Only 1 spot left for 2 people'),
        'Only 1 spot left for 2 people',
        'the refusal',
      );
      await visible(alert.getByRole('button', { name: 'Join the waitlist' }), 'the way to wait');
      await wes.shoot('rsvp-refused');
      await dialog.getByRole('button', { name: 'Remove guest 1' }).click();
      await dialog.getByRole('button', { name: 'RSVP Going' }).click();
      await gone(dialog, 'the RSVP step');
      await visible(
        item(wes.page).getByRole('button', { name: 'Your RSVP: Going' }),
        "Wes's chip to read Going",
      );
      await hasText(spots(hana.page), 'Full', 'the item full on the host’s dashboard');
      await hasText(counts(hana.page), '3 going · 2 replies', 'three heads going');
    },
  );

  await step('a third guest joins the waitlist and sees their place in line', async () => {
    const dialog = await openGoing(tia);
    await visible(dialog.getByText('Full', { exact: true }), 'the full item in the step');
    await visible(dialog.getByText(/You'll join the waitlist/), 'what Going does now');
    await dialog.getByText('Vegan', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    await visible(tia.page.getByText("You're on the waitlist"), 'the waitlist toast');
    await gone(dialog, 'the RSVP step');
    await visible(
      item(tia.page).getByRole('button', { name: 'Your RSVP: Waitlisted' }),
      "Tia's chip to read Waitlisted",
    );
    await hasText(
      item(tia.page).getByTestId('waitlist-position'),
      'Waitlisted · #1 in line',
      'the place in line',
    );
    await hasText(spots(hana.page), 'Full · 1 on the waitlist', 'the line on the host’s dashboard');
    await dismissToasts(tia.page);
    await tia.shoot('waitlisted');
  });

  await step(
    'a guest withdraws: the waitlisted guest is promoted live and told by e-mail',
    async () => {
      await choose(wes, 'Not Going');
      await visible(
        item(wes.page).getByRole('button', { name: 'Your RSVP: Not Going' }),
        "Wes's chip to read Not Going",
      );
      // No reload on Tia's screen: the chip follows her answer map live.
      await visible(
        item(tia.page).getByRole('button', { name: 'Your RSVP: Going' }),
        "Tia's chip to turn Going without a reload",
      );
      await gone(item(tia.page).getByTestId('waitlist-position'), 'the place in line');
      await hasText(counts(tia.page), '3 going · 3 replies', 'the counts after the promotion');
      await hasText(spots(tia.page), 'Full', 'the item full again');
      await waitForMail(tia.email, /A spot opened/);
      await tia.shoot('promoted');
    },
  );

  await step('the guest edits their answers', async () => {
    await gus.page.getByRole('button', { name: 'Edit answers' }).click();
    const dialog = gus.page.getByRole('dialog', { name: 'Your answers' });
    await dialog.getByText('Vegan', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save answers' }).click();
    await visible(gus.page.getByText('Answers saved'), "the 'Answers saved' toast");
    await gone(dialog, 'the answers dialog');
    await hasText(
      gus.page.getByTestId('your-answers'),
      /Dietary needs\s*Vegan\s*Accessibility/,
      'the edited answer',
    );
    const answers = await readDocument(`events/${eventId}/guestAnswers/{uid}`, gus.email);
    check(
      (answers?.answers as Record<string, unknown> | undefined)?.diet === 'Vegan',
      `the stored answer: ${JSON.stringify(answers?.answers)}`,
    );
  });
}
