// Journey 3: members upload photos (an oversized one and non-images, one named .jpg among them,
// are refused with the spec's messages), vote and see each other's votes live; the admin features
// a photo and it leads the dashboard banner. The member opens the viewer, moves with the arrow
// keys, votes there and deletes their photo after confirming; it leaves the admin's grid live.
// The member downloads every photo as one zip and the admin a selection; both are read back.
// The member then uploads five photos at once: the dashboard's Recent Activity and the Activity
// screen show one line "… uploaded 5 photos" with four thumbnails and "+1"; a thumbnail opens
// the viewer, and deleting that photo there makes the line "… uploaded 4 photos".
import type { Locator, Page } from 'playwright-core';
import { check, gone, hasText, until, urlMatches, visible } from '../lib/expect.ts';
import { oversizedPhotoFile, photoFile, textFile } from '../lib/files.ts';
import {
  addMember,
  bannerHeading,
  createEvent,
  dismissToasts,
  navigate,
  signInFromLanding,
} from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';
import type { Person } from '../lib/session.ts';
import { zipEntries } from '../lib/zip.ts';
import { checkBannerLayout } from '../lib/banner.ts';

const galleryHeading = (p: Page) => p.getByRole('heading', { name: 'Photo Gallery' });
// The gallery screen's own control (the dashboard's preview panel has a "Photo Gallery" heading too).
const allPhotos = (p: Page) => p.getByRole('button', { name: /^All Photos/ });
const card = (page: Page, caption: string) =>
  page.getByTestId('photo-card').filter({ hasText: caption });
const viewer = (page: Page) => page.getByTestId('photo-viewer');
const activityLine = (page: Page, text: string | RegExp) =>
  page.getByTestId('activity-entry').filter({ hasText: text });
const viewerShows = (page: Page, caption: string) =>
  visible(viewer(page).getByRole('heading', { name: caption }), `the viewer showing "${caption}"`);

/** Saves the screen in light and dark mode (each at both widths), back in light after. */
async function shootBothModes(person: Person, name: string, ready: (p: Page) => Locator) {
  for (const mode of ['light', 'dark'] as const) {
    await person.page.evaluate((m) => localStorage.setItem('theme', m), mode);
    await person.page.reload();
    await visible(ready(person.page), `${name} after the reload`);
    await person.shoot(mode === 'light' ? name : `${name}-dark`);
  }
  await person.page.evaluate(() => localStorage.setItem('theme', 'light'));
  await person.page.reload();
  await visible(ready(person.page), `${name} after the reload`);
}

/** Saves the open viewer in light and dark mode (a reload reopens it from its deep link). */
async function shootViewer(person: Person, name: string, caption: string) {
  for (const mode of ['light', 'dark'] as const) {
    await person.page.evaluate((m) => localStorage.setItem('theme', m), mode);
    await person.page.reload();
    await viewerShows(person.page, caption);
    await visible(viewer(person.page).getByTestId('viewer-image'), 'the full-size photo');
    await person.shoot(mode === 'light' ? name : `${name}-dark`);
  }
  await person.page.evaluate(() => localStorage.setItem('theme', 'light'));
  await person.page.reload();
  await viewerShows(person.page, caption);
}

async function uploadPhoto(person: Person, file: string, caption: string, shoot?: string) {
  const page = person.page;
  await page.getByRole('button', { name: 'Upload Photos' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
  await dialog.getByTestId('file-input').setInputFiles(file);
  await dialog.getByLabel('Caption (optional)').fill(caption);
  await dialog.getByRole('button', { name: 'Upload 1 photo' }).click();
  await visible(dialog.getByText(/· Uploaded/), 'the upload to finish', 30_000);
  await visible(page.getByText('Photo Uploaded'), "the 'Photo Uploaded' toast");
  if (shoot) await person.shoot(shoot);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await visible(card(page, caption), `the card "${caption}" in the gallery`, 20_000);
}

export async function photos({ person, step }: JourneyContext): Promise<void> {
  const eve = await person('Eve Admin');
  const finn = await person('Finn Member');
  const eventName = `Lakeside Wedding ${Date.now().toString(36)}`;
  const eveCaption = 'Sunset over the lake';
  const finnCaption = 'Lanterns at the reception';
  let eventId = '';

  await step('the creator creates an event and the friend joins by invitation', async () => {
    await signInFromLanding(eve);
    eventId = await createEvent(eve, {
      name: eventName,
      dates: { start: '2027-08-21T15:00', end: '2027-08-22T01:00' },
    });
    await addMember(eve, finn, eventId, eventName);
  });

  await step('both open the empty gallery', async () => {
    await eve.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
    await navigate(eve, 'Photos', 'photos', galleryHeading);
    await visible(eve.page.getByText('No Photos Yet'), "'No Photos Yet'");
    await visible(
      eve.page.getByText('Upload the first photos to start building your event gallery.'),
      'the empty-gallery text',
    );
    await eve.shoot('gallery-empty');
    await navigate(finn, 'Photos', 'photos', galleryHeading);
  });

  await step('a file over 10 MB and a non-image are refused with the spec messages', async () => {
    const page = eve.page;
    await page.getByRole('button', { name: 'Upload Photos' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
    await dialog
      .getByTestId('file-input')
      .setInputFiles([
        oversizedPhotoFile('huge-photo.jpg'),
        textFile('packing-list.txt'),
        textFile('not-a-photo.jpg'),
      ]);
    await visible(
      dialog.getByText('huge-photo.jpg exceeds maximum allowed size of 10 MB'),
      'the size message',
    );
    await visible(
      dialog.getByText(
        'packing-list.txt could not be opened as an image. You can only upload: image/*',
      ),
      'the file-type message',
    );
    // Recognised by decoding, not by name: a text file named .jpg is refused at selection, by name.
    await visible(
      dialog.getByText(
        'not-a-photo.jpg could not be opened as an image. You can only upload: image/*',
      ),
      'the renamed text file refused',
    );
    check(
      (await dialog.getByTestId('upload-item').count()) === 0,
      'no refused file may be queued for upload',
    );
    await eve.shoot('upload-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  await step('the creator uploads a photo; the member sees it arrive live', async () => {
    await uploadPhoto(eve, photoFile('sunset.png', [240, 120, 40]), eveCaption, 'upload-done');
    await visible(card(finn.page, eveCaption), "the creator's photo on the member's gallery");
    await hasText(
      finn.page.getByRole('button', { name: /^All Photos/ }),
      'All Photos (1)',
      "the member's photo count",
    );
  });

  await step('the member uploads a photo; the creator sees it arrive live', async () => {
    await uploadPhoto(finn, photoFile('lanterns.png', [40, 90, 200]), finnCaption);
    await visible(card(eve.page, finnCaption), "the member's photo on the creator's gallery");
    await hasText(
      eve.page.getByRole('button', { name: /^All Photos/ }),
      'All Photos (2)',
      "the creator's photo count",
    );
  });

  await step(
    "the member votes for the creator's photo; the creator sees the vote live",
    async () => {
      await card(finn.page, eveCaption)
        .getByRole('button', { name: 'Vote for this photo' })
        .click();
      await visible(
        card(finn.page, eveCaption).getByRole('button', { name: 'Remove vote' }),
        "the member's heart filled",
      );
      await hasText(
        card(eve.page, eveCaption).getByTestId('vote-count'),
        '1',
        "the vote count on the creator's screen",
      );
    },
  );

  await step("the creator votes for the member's photo; the member sees it live", async () => {
    await card(eve.page, finnCaption).getByRole('button', { name: 'Vote for this photo' }).click();
    await hasText(
      card(finn.page, finnCaption).getByTestId('vote-count'),
      '1',
      "the vote count on the member's screen",
    );
    await card(eve.page, eveCaption).getByRole('button', { name: 'Vote for this photo' }).click();
    await hasText(
      card(finn.page, eveCaption).getByTestId('vote-count'),
      '2',
      'two votes on the sunset, seen by the member',
    );
    await eve.shoot('gallery-votes');
  });

  await step('the member takes their vote back: the count drops live for the creator', async () => {
    await card(finn.page, eveCaption).getByRole('button', { name: 'Remove vote' }).click();
    await visible(
      card(finn.page, eveCaption).getByRole('button', { name: 'Vote for this photo' }),
      "the member's heart empty again",
    );
    await hasText(
      card(eve.page, eveCaption).getByTestId('vote-count'),
      '1',
      "the creator's count back to 1",
    );
    await card(finn.page, eveCaption).getByRole('button', { name: 'Vote for this photo' }).click();
    await hasText(
      card(eve.page, eveCaption).getByTestId('vote-count'),
      '2',
      "the creator's count at 2 again",
    );
  });

  await step(
    'the member cannot feature photos; the admin features the lanterns photo',
    async () => {
      check(
        (await finn.page.getByRole('button', { name: 'Mark as featured' }).count()) === 0,
        'an attendee must not see Mark as featured',
      );
      await card(eve.page, finnCaption).getByRole('button', { name: 'Mark as featured' }).click();
      await visible(
        card(eve.page, finnCaption).getByText('Featured', { exact: true }),
        'the Featured badge',
      );
      await visible(
        card(finn.page, finnCaption).getByText('Featured', { exact: true }),
        "the Featured badge on the member's screen",
      );
      await hasText(
        finn.page.getByRole('button', { name: /^Featured \(/ }),
        'Featured (1)',
        'the featured count',
      );
      await finn.shoot('gallery-featured');
    },
  );

  await step(
    'the member downloads every photo as one zip; the admin just a selection',
    async () => {
      const downloaded = async (who: Person, button: string) => {
        const [download] = await Promise.all([
          who.page.waitForEvent('download'),
          who.page.getByRole('button', { name: button }).click(),
        ]);
        check(
          download.suggestedFilename().endsWith('-photos.zip'),
          `the zip's name ${download.suggestedFilename()}`,
        );
        return zipEntries(await download.path());
      };
      const all = await downloaded(finn, 'Download All');
      await visible(finn.page.getByText(/^2 photos in .*-photos\.zip\./), 'the download toast');
      check(all.length === 2, `2 photos in the zip, got ${all.length}`);
      check(
        all.every((e, i) => e.name.startsWith(`0000${i + 1}-`) && e.size > 0),
        `numbered, non-empty entries: ${JSON.stringify(all)}`,
      );
      check(
        (await finn.page.getByRole('button', { name: 'Select' }).count()) === 0,
        'an attendee must not see Select',
      );
      await eve.page.getByRole('button', { name: 'Select' }).click();
      await eve.page.getByRole('button', { name: `Select photo: ${finnCaption}` }).click();
      await visible(eve.page.getByText('1 photo selected'), 'the selection count');
      await eve.shoot('gallery-selecting');
      const picked = await downloaded(eve, 'Download Selected');
      check(picked.length === 1, `the selected photo alone in the zip, got ${picked.length}`);
      await gone(eve.page.getByTestId('photo-selection'), 'the selection bar after the download');
      await dismissToasts(eve.page);
      await dismissToasts(finn.page);
    },
  );

  await step("the featured photo leads both members' dashboard banner", async () => {
    for (const p of [eve, finn]) {
      await navigate(p, 'Dashboard', 'dashboard', bannerHeading(eventName));
      const banner = p.page.getByTestId('event-banner');
      // Banner order: custom banner, then featured photos, then the rest by votes: slide 1 is featured.
      await banner.getByRole('tab', { name: 'Show banner image 1' }).click();
      await visible(
        banner.getByText('Featured Photo'),
        "the 'Featured Photo' badge on the first banner slide",
      );
    }
    await hasText(eve.page.getByTestId('stat-photos'), /Photos 2$/, 'the Photos stat');
    await eve.shoot('dashboard-featured');
  });

  await step(
    "on phones the banner's badge, title, slide controls and buttons never overlap",
    async () => {
      for (const p of [eve, finn]) {
        const banner = p.page.getByTestId('event-banner');
        // Paused on the featured slide, so every width measures the same slide.
        await banner.getByRole('button', { name: 'Pause banner rotation' }).click();
        await banner.getByRole('tab', { name: 'Show banner image 1' }).click();
        await visible(banner.getByTestId('banner-featured'), "the 'Featured Photo' badge");
        await checkBannerLayout(p.page, `${p.name}'s banner with a featured photo`);
      }
    },
  );

  await step(
    'the member opens a photo full screen, arrows to the next and votes there',
    async () => {
      const page = finn.page;
      await navigate(eve, 'Photos', 'photos', allPhotos);
      await navigate(finn, 'Photos', 'photos', allPhotos);
      await dismissToasts(page);
      // Newest first: the lanterns, then the sunset.
      await page.getByRole('button', { name: `Open photo: ${finnCaption}` }).click();
      await viewerShows(page, finnCaption);
      await urlMatches(page, new RegExp(`/events/${eventId}/photos/[^/]+$`), 'the photo deep link');
      await hasText(viewer(page).getByTestId('viewer-position'), '1 of 2', 'the position');
      await page.keyboard.press('ArrowRight');
      await viewerShows(page, eveCaption);
      await hasText(viewer(page).getByTestId('viewer-position'), '2 of 2', 'the position');
      await page.keyboard.press('ArrowLeft');
      await viewerShows(page, finnCaption);
      await viewer(page).getByRole('button', { name: 'Vote for this photo' }).click();
      await hasText(viewer(page).getByTestId('viewer-vote-count'), '2', 'the vote in the viewer');
      await hasText(
        card(eve.page, finnCaption).getByTestId('vote-count'),
        '2',
        "the viewer's vote on the creator's grid",
      );
      // An attendee sees the Featured badge but no toggle; the uploader may delete.
      check(
        (await viewer(page)
          .getByRole('button', { name: /featured/i })
          .count()) === 0,
        'an attendee must not see the Featured toggle in the viewer',
      );
      await visible(viewer(page).getByText('Featured', { exact: true }), 'the Featured badge');
      await shootViewer(finn, 'viewer', finnCaption);
    },
  );

  await step(
    'the member deletes their photo after confirming; it leaves the grid live',
    async () => {
      const page = finn.page;
      await viewerShows(page, finnCaption);
      await viewer(page).getByRole('button', { name: 'Delete photo' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this photo?' });
      await visible(confirm, 'the delete confirmation');
      await finn.shoot('viewer-delete-confirm');
      await confirm.getByRole('button', { name: 'Delete photo' }).click();
      await visible(page.getByText('Photo deleted'), "the 'Photo deleted' toast");
      // The viewer moves on to the remaining photo.
      await viewerShows(page, eveCaption);
      await gone(card(eve.page, finnCaption), "the deleted photo on the creator's grid");
      await hasText(
        eve.page.getByRole('button', { name: /^All Photos/ }),
        'All Photos (1)',
        "the creator's photo count",
      );
      await hasText(
        eve.page.getByRole('button', { name: /^Featured \(/ }),
        'Featured (0)',
        "the creator's featured count",
      );
      await page.keyboard.press('Escape');
      await gone(viewer(page), 'the viewer');
      await urlMatches(page, new RegExp(`/events/${eventId}/photos$`), 'the gallery URL');
      await gone(card(page, finnCaption), "the deleted photo on the member's grid");
    },
  );

  await step('a link to a deleted photo says so in a sentence', async () => {
    await finn.visit(`/events/${eventId}/photos/no-such-photo`, 'photo viewer (unknown id)', (p) =>
      p.getByText(
        'This photo is not in the gallery. It may have been deleted, or the link is incomplete.',
      ),
    );
    await finn.shoot('viewer-not-found');
  });

  const batchCaption = 'Boat parade';
  await step(
    'the member uploads 5 photos at once: the activity shows one line with thumbnails',
    async () => {
      const page = finn.page;
      await finn.visit(`/events/${eventId}/photos`, 'photos', allPhotos);
      await page.getByRole('button', { name: 'Upload Photos' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
      const colours: [number, number, number][] = [
        [200, 60, 60],
        [60, 160, 90],
        [220, 180, 40],
        [120, 70, 200],
        [40, 170, 190],
      ];
      await dialog
        .getByTestId('file-input')
        .setInputFiles(colours.map((rgb, i) => photoFile(`boat-${i + 1}.png`, rgb)));
      await dialog.getByLabel('Caption (optional)').fill(batchCaption);
      await dialog.getByRole('button', { name: 'Upload 5 photos' }).click();
      await visible(dialog.getByRole('button', { name: 'Done' }), 'all five uploads done', 60_000);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await hasText(allPhotos(page), 'All Photos (6)', "the member's photo count");
      await dismissToasts(page);

      // The creator's dashboard: one line for the five, not five lines.
      await navigate(eve, 'Dashboard', 'dashboard', bannerHeading(eventName));
      const line = activityLine(eve.page, 'Finn Member uploaded 5 photos');
      await visible(line, 'the grouped line on the dashboard');
      check(
        (await activityLine(eve.page, /Finn Member uploaded/).count()) === 1,
        'one activity line for the batch on the dashboard',
      );
      check(
        (await line.getByTestId('activity-thumbnail').count()) === 4,
        'four thumbnails on the line',
      );
      await visible(
        line.getByRole('link', { name: '1 more photo: open the gallery' }),
        'the +1 tile',
      );
      await hasText(line.getByRole('link', { name: /^1 more photo/ }), '+1', 'the +1 text');
      await visible(
        line.getByRole('link', { name: `Open photo 1 of 5: ${batchCaption}` }).locator('img'),
        'the newest thumbnail image',
      );
      await shootBothModes(eve, 'dashboard-activity-batch', (p) =>
        activityLine(p, 'Finn Member uploaded 5 photos')
          .getByTestId('activity-thumbnail')
          .locator('img')
          .first(),
      );

      // The Activity screen: the same single line.
      await eve.timed(
        'activity',
        // Recent Activity's own "View All" (the gallery preview has one too).
        () => eve.page.locator('a[href$="/activity"]', { hasText: 'View All' }).click(),
        // The screen's own line: the dashboard's card is headed "Recent Activity" too, so the
        // heading (and the batch line) would be found before the screen had opened.
        (p) => p.getByText('What has been happening in this event, newest first.'),
      );
      await visible(line, 'the grouped line on the Activity screen');
      check(
        (await activityLine(eve.page, /Finn Member uploaded/).count()) === 1,
        'one activity line for the batch on the Activity screen',
      );
      await shootBothModes(eve, 'activity-batch', (p) =>
        activityLine(p, 'Finn Member uploaded 5 photos')
          .getByTestId('activity-thumbnail')
          .locator('img')
          .first(),
      );
    },
  );

  await step(
    'a thumbnail opens the viewer; deleting that photo makes the line say 4 photos',
    async () => {
      const page = eve.page;
      const line = activityLine(page, 'Finn Member uploaded 5 photos');
      // Keyboard: focus the newest thumbnail and press Enter.
      await line.getByRole('link', { name: `Open photo 1 of 5: ${batchCaption}` }).focus();
      await page.keyboard.press('Enter');
      await viewerShows(page, batchCaption);
      await urlMatches(page, new RegExp(`/events/${eventId}/photos/[^/]+$`), 'the photo deep link');
      // The creator (an admin) deletes the member's photo.
      await viewer(page).getByRole('button', { name: 'Delete photo' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this photo?' });
      await confirm.getByRole('button', { name: 'Delete photo' }).click();
      await visible(page.getByText('Photo deleted'), "the 'Photo deleted' toast");
      await page.keyboard.press('Escape');
      await gone(viewer(page), 'the viewer');
      await hasText(allPhotos(page), 'All Photos (5)', "the creator's photo count");
      await navigate(eve, 'Dashboard', 'dashboard', bannerHeading(eventName));
      const four = activityLine(page, 'Finn Member uploaded 4 photos');
      await visible(four, 'the line counting 4 photos');
      check(
        (await four.getByTestId('activity-thumbnail').count()) === 4,
        'four thumbnails, the deleted one replaced',
      );
      check(
        (await four.getByRole('link', { name: /more photo/ }).count()) === 0,
        'no "+N" once every photo is shown',
      );
      check(
        (await activityLine(page, /Finn Member uploaded/).count()) === 1,
        'still one line for the batch',
      );
    },
  );

  await step(
    'the admin sets a portrait banner photo: contained on a blurred copy of itself, then full width',
    async () => {
      const page = eve.page;
      await navigate(eve, 'Dashboard', 'dashboard', bannerHeading(eventName));
      await dismissToasts(page);
      const banner = page.getByTestId('event-banner');
      await banner
        .getByTestId('banner-file-input')
        .setInputFiles(photoFile('portrait.png', [200, 80, 120], { width: 240, height: 400 }));
      await visible(page.getByText('Banner updated successfully!'), 'the banner toast', 30_000);
      await dismissToasts(page);
      // The custom banner leads; the photo is whole, on its own blurred copy (no black bars).
      await banner.getByRole('button', { name: 'Pause banner rotation' }).click();
      await banner.getByRole('tab', { name: 'Show banner image 1' }).click();
      await visible(banner.getByTestId('banner-backdrop'), 'the blurred copy behind the photo');
      const image = banner.getByTestId('banner-image');
      await until('the portrait banner photo to load', async () =>
        image.evaluate(
          (img: HTMLImageElement) => img.complete && img.naturalHeight > img.naturalWidth,
        ),
      );
      check(
        (await image.evaluate((img) => getComputedStyle(img).objectFit)) === 'contain',
        'the contained banner photo shown whole',
      );
      check(
        /blur\(/.test(
          await banner
            .getByTestId('banner-backdrop')
            .evaluate((img) => getComputedStyle(img).filter),
        ),
        'the copy behind the photo blurred',
      );
      await eve.shoot('dashboard-banner-contained');
      await checkBannerLayout(page, 'the banner with a portrait photo');
      await banner.getByText('Full width').click();
      await visible(page.getByText('Banner settings updated!'), 'the settings toast');
      await dismissToasts(page);
      await gone(banner.getByTestId('banner-backdrop'), 'the blurred copy (full width covers)');
      await eve.shoot('dashboard-banner-cover');
      await checkBannerLayout(page, 'the full-width banner');
    },
  );
}
