// Journey 5: the admin adds schedule items; members RSVP going / maybe / not going, and the counts
// change live on the other members' dashboards.
import type { Page } from 'playwright-core';
import { hasText, visible } from '../lib/expect.ts';
import { addMember, bannerHeading, createEvent, navigate, signInFromLanding } from '../lib/flows.ts';
import { addScheduleItemAs } from '../lib/firestore-rest.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';

const item = (page: Page, title: string) => page.getByTestId('schedule-item').filter({ hasText: title });

async function rsvp(person: Person, title: string, answer: 'Going' | 'Maybe' | 'Not Going') {
  const row = item(person.page, title);
  await row.getByRole('button', { name: /^Your RSVP:/ }).click();
  await person.page.getByRole('menuitem', { name: answer, exact: true }).click();
  await visible(row.getByRole('button', { name: `Your RSVP: ${answer}` }), `${person.name}'s RSVP chip to read ${answer}`);
}

export async function schedule({ person, step }: JourneyContext): Promise<void> {
  const kim = await person('Kim Organiser');
  const lee = await person('Lee Guest');
  const max = await person('Max Guest');
  const eventName = `Reunion Weekend ${Date.now().toString(36)}`;
  let eventId = '';

  await step('the creator creates an event; two friends join by invitation', async () => {
    await signInFromLanding(kim);
    eventId = await createEvent(kim, { name: eventName, dates: { start: '2027-07-02T17:00', end: '2027-07-04T12:00' } });
    for (const guest of [lee, max]) await addMember(kim, guest, eventId, eventName);
    await visible(lee.page.getByText('No events scheduled yet'), "'No events scheduled yet'");
  });

  await step('the admin adds two schedule items; they appear live on the members’ dashboards', async () => {
    await addScheduleItemAs(kim, eventId, {
      title: 'Welcome Drinks',
      description: 'Meet on the terrace.',
      startTime: '2027-07-02T18:00:00.000Z',
      endTime: '2027-07-02T20:00:00.000Z',
      location: 'Hotel terrace',
    });
    await addScheduleItemAs(kim, eventId, {
      title: 'Group Hike',
      description: 'Bring water.',
      startTime: '2027-07-03T08:00:00.000Z',
      endTime: null,
      location: 'Trailhead car park',
    });
    await max.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
    await navigate(kim, 'Dashboard', 'dashboard', bannerHeading(eventName));
    for (const p of [kim, lee, max]) {
      await visible(item(p.page, 'Welcome Drinks'), `Welcome Drinks on ${p.name}'s dashboard`);
      await visible(item(p.page, 'Group Hike'), `Group Hike on ${p.name}'s dashboard`);
      await hasText(item(p.page, 'Welcome Drinks').getByText(/attending$/), '0/0 attending', 'no answers yet');
      await visible(item(p.page, 'Welcome Drinks').getByRole('button', { name: 'Your RSVP: Not Responded' }), "'Not Responded'");
    }
    await lee.shoot('schedule-not-responded');
  });

  await step('a member answers Going: the other members see 1/1 attending live', async () => {
    await rsvp(lee, 'Welcome Drinks', 'Going');
    for (const p of [kim, max]) await hasText(item(p.page, 'Welcome Drinks').getByText(/attending$/), '1/1 attending', `${p.name}'s count`);
    await hasText(kim.page.getByTestId('stat-going'), /RSVPs 1$/, "the creator's RSVPs stat");
  });

  await step('another member answers Maybe: 1/2 attending live', async () => {
    await rsvp(max, 'Welcome Drinks', 'Maybe');
    for (const p of [kim, lee]) await hasText(item(p.page, 'Welcome Drinks').getByText(/attending$/), '1/2 attending', `${p.name}'s count`);
  });

  await step('the admin answers Not Going: 1/3 attending live; going counts stay per item', async () => {
    await rsvp(kim, 'Welcome Drinks', 'Not Going');
    for (const p of [lee, max]) await hasText(item(p.page, 'Welcome Drinks').getByText(/attending$/), '1/3 attending', `${p.name}'s count`);
    await hasText(item(lee.page, 'Group Hike').getByText(/attending$/), '0/0 attending', 'the other item untouched');
    await kim.shoot('schedule-answered');
  });

  await step('changing an answer moves the counts: Maybe becomes Going', async () => {
    await rsvp(max, 'Welcome Drinks', 'Going');
    for (const p of [kim, lee]) await hasText(item(p.page, 'Welcome Drinks').getByText(/attending$/), '2/3 attending', `${p.name}'s count`);
    await hasText(lee.page.getByTestId('stat-going'), /RSVPs 2$/, "the member's RSVPs stat");
    await max.shoot('schedule-live');
  });
}
