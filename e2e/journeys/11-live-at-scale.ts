// Journey 11: live at the Enterprise size (issue 16). An event with 1,000 members, 10,000 photos
// and 20 schedule items × 1,000 RSVPs (the bench's seed, e2e/bench/lib) is open on two screens;
// a guest's vote and RSVP show on the organiser's dashboard within seconds, and the screens read
// bounded pages (docs/performance.md).
import type { Page } from 'playwright-core';
import { seedBenchEvent } from '../bench/lib/seed.ts';
import { withTriggersOff } from '../../scripts/lib/function-triggers.ts';
import { buildEvent, CREATOR, GUEST, SIZES } from '../bench/lib/world.ts';
import { check, hasText, until, visible } from '../lib/expect.ts';
import { bannerHeading, chooseMenuItem, signInFromLanding } from '../lib/flows.ts';
import { PROJECT_ID, pointAdminAtEmulators } from '../lib/admin.ts';
import type { JourneyContext } from '../lib/journey.ts';

const firstPreviewPhoto = (page: Page) => page.getByTestId('photo-card').first();
const scheduleItem = (page: Page, title: string) =>
  page.getByTestId('schedule-item').filter({ hasText: title }).first();

export async function liveAtScale({ person, step, log }: JourneyContext): Promise<void> {
  const size = SIZES.find((s) => s.key !== 'small')!;
  const event = buildEvent(size);
  const creator = event.members[CREATOR]!;
  const guest = event.members[GUEST]!;

  await step(
    `an event at the Enterprise size is seeded (${size.members} members, ${size.photos} photos)`,
    async () => {
      pointAdminAtEmulators();
      // The seed writes what the activity triggers would; ~15,000 queued trigger runs would
      // otherwise load the machine for minutes (scripts/lib/function-triggers.ts).
      const [seeded] = await withTriggersOff(PROJECT_ID, () => seedBenchEvent(PROJECT_ID, event));
      log(
        `seeded ${seeded.skipped ? '(already there)' : `${seeded.documents} documents in ${seeded.seconds.toFixed(1)} s`}`,
      );
    },
  );

  const olive = await person(creator.displayName, { email: creator.email });
  const gil = await person(guest.displayName, { email: guest.email });

  await step('the organiser and a guest open the dashboard on two screens', async () => {
    for (const p of [olive, gil]) {
      await signInFromLanding(p);
      await p.visit(
        `/events/${event.id}`,
        'dashboard (Enterprise size)',
        bannerHeading(event.name),
      );
      await visible(firstPreviewPhoto(p.page), `the gallery preview on ${p.name}'s dashboard`);
    }
    await hasText(
      olive.page.getByTestId('stat-photos'),
      new RegExp(`\\b${size.photos}$`),
      'the stored photo count',
    );
  });

  await step("the guest's vote shows live on the organiser's dashboard", async () => {
    const guestCard = firstPreviewPhoto(gil.page);
    const before = Number(await guestCard.getByTestId('vote-count').textContent());
    const button = guestCard.getByRole('button', { name: /^(Vote for this photo|Remove vote)$/ });
    const voted = (await button.getAttribute('aria-pressed')) === 'true';
    await button.click();
    const after = before + (voted ? -1 : 1);
    await hasText(guestCard.getByTestId('vote-count'), String(after), "the guest's vote count");
    const t0 = Date.now();
    await hasText(
      firstPreviewPhoto(olive.page).getByTestId('vote-count'),
      String(after),
      "the vote on the organiser's dashboard",
    );
    log(`vote seen on the second screen ${Date.now() - t0} ms after the first screen`);
  });

  await step("the guest's RSVP shows live on the organiser's dashboard", async () => {
    const title = event.schedule[0]!.title;
    const row = scheduleItem(gil.page, title);
    const chip = row.getByRole('button', { name: /^Your RSVP:/ });
    const current = (await chip.getAttribute('aria-label'))?.replace('Your RSVP: ', '');
    const answer = current === 'Going' ? 'Not Going' : 'Going';
    const attending = async (p: Page) =>
      (await scheduleItem(p, title).getByTestId('rsvp-counts').textContent()) ?? '';
    const before = await attending(olive.page);
    await chip.click();
    await chooseMenuItem(gil.page, answer);
    await visible(
      row.getByRole('button', { name: `Your RSVP: ${answer}` }),
      `the guest's RSVP chip to read ${answer}`,
    );
    await until("the guest's tally to change", async () => {
      const now = await attending(gil.page);
      return now !== before || `still "${now}"`;
    });
    const expected = await attending(gil.page);
    const t0 = Date.now();
    await hasText(
      scheduleItem(olive.page, title).getByTestId('rsvp-counts'),
      expected,
      "the RSVP on the organiser's dashboard",
    );
    log(`RSVP seen on the second screen ${Date.now() - t0} ms after the first screen`);
    check(expected !== before, 'the tally must have changed');
    await olive.shoot('live-at-scale');
  });
}
