// Journey 17: the right to leave (issue 33). A member who created an event (with an admin to hand
// it to), uploaded a photo to a friend's event and rides in the friend's carpool downloads their
// data (one zip: the JSON and their photo's original), then deletes their account from the
// profile: what happens is said first, they hand their event over, type DELETE and are signed
// out. Nothing of theirs is left in the database or the bucket; the host's event keeps the
// host's photo and carpool with the seat freed, and the deputy now owns the handed-over event.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { storedAbout, uidOf } from '../lib/admin.ts';
import { callApi } from '../lib/api.ts';
import { check, gone, hasText, visible } from '../lib/expect.ts';
import { photoFile } from '../lib/files.ts';
import {
  addMember,
  createEvent,
  eventsHeading,
  navigate,
  signInFromLanding,
} from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';
import { zipEntries } from '../lib/zip.ts';

const galleryHeading = (p: Page) => p.getByRole('heading', { name: 'Photo Gallery' });
const travelHeading = (p: Page) => p.getByRole('heading', { name: 'Travel Coordination' });
const profileHeading = (p: Page) => p.getByRole('heading', { name: 'Your Profile' });
const photoCard = (page: Page, caption: string) =>
  page.getByTestId('photo-card').filter({ hasText: caption });
const carpoolCard = (page: Page) =>
  page.getByTestId('carpool-card').filter({ hasText: 'Harbour Hotel → Chapel' });

async function uploadPhoto(person: Person, file: string, caption: string) {
  const page = person.page;
  await page.getByRole('button', { name: 'Upload Photos' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
  await dialog.getByTestId('file-input').setInputFiles(file);
  await dialog.getByLabel('Caption (optional)').fill(caption);
  await dialog.getByRole('button', { name: 'Upload 1 photo' }).click();
  await visible(dialog.getByText(/· Uploaded/), 'the upload to finish', 30_000);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await visible(photoCard(page, caption), `the photo "${caption}" in the gallery`, 20_000);
}

export async function deleteAccount({ person, step }: JourneyContext): Promise<void> {
  const lena = await person('Lena Leaving');
  const omar = await person('Omar Host');
  const pia = await person('Pia Deputy');
  const ravi = await person('Ravi Rider');
  const stamp = Date.now().toString(36);
  const lenasEvent = `Leaving Drinks ${stamp}`;
  const omarsEvent = `Harbour Wedding ${stamp}`;
  const lenasCaption = 'Lena’s sunset';
  const omarsCaption = 'Omar’s toast';
  let lenasId = '';
  let omarsId = '';
  let lenaUid = '';
  let carpoolId = '';

  await step('the leaver creates an event and makes a friend its admin', async () => {
    await signInFromLanding(lena);
    lenasId = await createEvent(lena, { name: lenasEvent });
    await addMember(lena, pia, lenasId, lenasEvent, 'admin');
    lenaUid = (await uidOf(lena.email)) ?? '';
    check(lenaUid !== '', 'the leaver has an account');
  });

  await step(
    'the leaver joins a friend’s wedding, uploads a photo and rides in the carpool',
    async () => {
      await signInFromLanding(omar);
      omarsId = await createEvent(omar, {
        name: omarsEvent,
        dates: { start: '2027-07-03T15:00', end: '2027-07-04T01:00' },
      });
      await addMember(omar, lena, omarsId, omarsEvent);
      await addMember(omar, ravi, omarsId, omarsEvent);
      await navigate(omar, 'Photos', 'photos', galleryHeading);
      await uploadPhoto(omar, photoFile('toast.png', [200, 120, 40]), omarsCaption);
      await navigate(lena, 'Photos', 'photos', galleryHeading);
      await uploadPhoto(lena, photoFile('sunset.png', [240, 90, 60]), lenasCaption);
      const created = await callApi(omar, 'POST', `/api/events/${omarsId}/carpools`, {
        fromLocation: 'Harbour Hotel',
        toLocation: 'Chapel',
        departureTime: '2027-07-03T13:00:00.000Z',
        maxSeats: 4,
      });
      check(created.status === 201, `carpool created, got ${created.status}`);
      carpoolId = (created.body as { carpool: { id: string } }).carpool.id;
      for (const rider of [lena, ravi]) {
        const joined = await callApi(
          rider,
          'POST',
          `/api/events/${omarsId}/carpools/${carpoolId}/join`,
        );
        check(joined.status === 200, `${rider.name} joined the carpool, got ${joined.status}`);
      }
      await navigate(omar, 'Travel', 'travel', travelHeading);
      await omar.page.getByRole('tab', { name: /^Carpools/ }).click();
      await hasText(carpoolCard(omar.page).getByText(/seats$/), '3/4 seats', 'the seat chip');
    },
  );

  await step('the leaver downloads their data: one zip, the JSON and their photo', async () => {
    await lena.visit('/profile', 'profile', profileHeading);
    const [download] = await Promise.all([
      lena.page.waitForEvent('download'),
      lena.page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    check(
      /^gatherly-data-\d{4}-\d{2}-\d{2}\.zip$/.test(download.suggestedFilename()),
      `the zip's name ${download.suggestedFilename()}`,
    );
    const file = await download.path();
    const entries = await zipEntries(file);
    const names = entries.map((e) => e.name);
    check(names[0] === 'gatherly-data.json', `the JSON comes first, got ${names.join(', ')}`);
    const photos = names.filter((n) => n.startsWith(`photos/${omarsId}/`));
    check(photos.length === 1, `one photo of theirs in the zip, got ${names.join(', ')}`);
    check(
      !readFileSync(file).includes(Buffer.from(omarsCaption)),
      'nobody else’s photo details in the zip',
    );
    await visible(lena.page.getByText('Download started'), "the 'Download started' toast");
  });

  await step('before anything happens, the profile says what deleting will do', async () => {
    await lena.page.getByRole('button', { name: 'Delete my account…' }).click();
    await visible(lena.page.getByRole('heading', { name: 'What happens' }), "'What happens'");
    await visible(
      lena.page.getByText(/1 photo you uploaded is deleted, with its votes/),
      'the photo line',
    );
    await visible(
      lena.page.getByText(/Your 1 seat in other people's carpools is freed/),
      'the seat line',
    );
    const choice = lena.page.getByRole('combobox', { name: new RegExp(`^${lenasEvent}`) });
    await hasText(
      choice.locator('option:checked'),
      `Hand it over to ${pia.name}`,
      'the default hand-over',
    );
    const confirm = lena.page.getByRole('button', { name: 'Delete my account', exact: true });
    check(await confirm.isDisabled(), 'Delete is disabled until DELETE is typed');
    await lena.shoot('delete-account');
  });

  await step('the leaver confirms: signed out, on the landing page', async () => {
    await lena.page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await lena.page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await visible(lena.page.getByText('Account deleted'), "the 'Account deleted' toast", 60_000);
    await visible(lena.page.getByRole('button', { name: 'Sign In' }), 'the landing page');
  });

  await step('nothing of theirs remains: database, bucket, sign-in', async () => {
    const left = await storedAbout(lenaUid, lena.email, [lenasId, omarsId]);
    check(Object.keys(left).length === 0, `still stored: ${JSON.stringify(left)}`);
    check((await uidOf(lena.email)) === null, 'the Auth account is gone');
  });

  await step(
    'everyone else’s data is intact: photo, carpool seat freed, the event handed over',
    async () => {
      // Live: the host's open Travel screen follows the freed seat, no reload.
      await hasText(carpoolCard(omar.page).getByText(/seats$/), '2/4 seats', 'the seat chip');
      await navigate(omar, 'Photos', 'photos', galleryHeading);
      await visible(photoCard(omar.page, omarsCaption), "the host's photo");
      await gone(photoCard(omar.page, lenasCaption), "the leaver's photo");
      await omar.shoot('host-gallery-after');
      await pia.visit('/', 'events list', eventsHeading(pia.name));
      const card = pia.page.getByRole('article', { name: lenasEvent });
      await visible(card.getByText('Creator', { exact: true }), 'the deputy is its creator now');
      await pia.shoot('deputy-list-after');
    },
  );
}
