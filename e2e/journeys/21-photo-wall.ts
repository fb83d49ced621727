// Journey 21: the live photo wall. The host turns on the event link and creates a wall link; a
// TV (a second browser at 1920 × 1080, never signed in) opens it and shows the event; a guest
// "scans" the wall's QR code on a phone, signs in, joins and lands on the upload sheet, uploads
// three photos; the wall shows them. The host hides one from the viewer and it leaves the wall;
// the host revokes the link and the wall shows a sentence. Screenshots of the wall at
// 1920 × 1080 and 1280 × 720 in a light palette and a dark one.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { WALL_MESSAGES } from '@gatherly/domain/wall';
import { updateEvent } from '../lib/admin.ts';
import { check, hasText, until, visible } from '../lib/expect.ts';
import { photoFile } from '../lib/files.ts';
import { createEvent, signInFromLanding } from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';
import { SCREENSHOT_DIR } from '../lib/session.ts';
import { turnOnEventLink } from './19-one-account.ts';

const TV = { width: 1920, height: 1080 };
const SMALL_TV = { width: 1280, height: 720 };
const DARK_PALETTE = {
  primary: '#f472b6',
  secondary: '#38bdf8',
  tertiary: '#facc15',
  background: '#0f172a',
  surface: '#1e293b',
};

/** The text of the wall's QR code (its image is a PNG data URL). */
async function wallQrText(page: Page): Promise<string> {
  const src = await page
    .getByRole('img', { name: 'QR code to share your photos' })
    .getAttribute('src');
  check(src?.startsWith('data:image/png;base64,') === true, 'the QR code is a PNG');
  const png = PNG.sync.read(Buffer.from(src!.split(',')[1]!, 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  check(code !== null, 'the wall shows a readable QR code');
  return code!.data;
}

/** Screenshots of the wall at both TV sizes (the wall has no colour mode of its own: the palette is the event's). */
async function shootWall(page: Page, name: string): Promise<void> {
  const dir = path.join(SCREENSHOT_DIR, '21-photo-wall');
  mkdirSync(dir, { recursive: true });
  for (const size of [TV, SMALL_TV]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(TV);
}

const current = (page: Page) => page.getByTestId('wall').getAttribute('data-current');

export async function photoWall({ person, step }: JourneyContext): Promise<void> {
  const host = await person('Wanda Wall');
  const tv = await person('Venue TV');
  const guest = await person('Gus Guest', { phone: true });
  const eventName = `Garden Party ${Date.now().toString(36)}`;
  let eventId = '';
  let joinUrl = '';
  let wallUrl = '';
  const ids: string[] = [];

  await step('the host turns on the event link and creates a wall link', async () => {
    await signInFromLanding(host);
    eventId = await createEvent(host, { name: eventName, location: 'Rose Garden' });
    joinUrl = await turnOnEventLink(host, eventId);
    const card = host.page.getByTestId('wall-settings-card');
    await card.getByTestId('create-wall-link').click();
    const url = card.getByTestId('wall-link-url');
    await visible(url, 'the new wall link');
    wallUrl = (await url.innerText()).trim();
    check(/\/wall\/[A-Za-z0-9_-]{43}$/.test(wallUrl), `a long random wall link: ${wallUrl}`);
    await visible(card.getByRole('button', { name: 'Revoke' }), 'the link listed with Revoke');
    await host.shoot('wall-settings');
  });

  await step('a TV opens the wall link without an account', async () => {
    await tv.page.setViewportSize(TV);
    await tv.visit(new URL(wallUrl).pathname, 'photo wall (no account)', (p) =>
      p.getByTestId('wall-empty'),
    );
    await visible(tv.page.getByText(eventName), 'the event name on the wall');
    await visible(tv.page.getByText(WALL_MESSAGES.caption), 'the QR code line');
    const scanned = await wallQrText(tv.page);
    check(scanned === `${joinUrl}?then=upload`, `the QR code leads to the event link (${scanned})`);
    await shootWall(tv.page, 'wall-empty');
  });

  await step('a guest scans the code, joins and uploads three photos from the phone', async () => {
    await guest.visit(`${new URL(joinUrl).pathname}?then=upload`, 'event link from the wall', (p) =>
      p.getByRole('heading', { name: eventName }),
    );
    await guest.signIn(guest.page.getByRole('button', { name: 'Sign In with Google' }));
    // Tap 1: join; the upload sheet opens by itself.
    await guest.page.getByRole('button', { name: 'Join Event' }).click();
    const dialog = guest.page.getByRole('dialog', { name: 'Upload Photos' });
    await visible(dialog, 'the upload sheet, opened by the QR code', 20_000);
    await dialog
      .getByTestId('file-input')
      .setInputFiles([
        photoFile('wall-portrait.png', [200, 80, 120], { width: 240, height: 320 }),
        photoFile('wall-landscape.png', [40, 140, 200], { width: 320, height: 200 }),
        photoFile('wall-square.png', [90, 170, 90], { width: 300, height: 300 }),
      ]);
    await dialog.getByLabel('Caption (optional)').fill('Cheers from table 4');
    await dialog.getByRole('button', { name: 'Upload 3 photos' }).click();
    await until(
      'three uploads to finish',
      async () => {
        const done = await dialog.getByText(/· Uploaded/).count();
        return done === 3 || `${done} of 3`;
      },
      45_000,
    );
  });

  await step('the wall shows the three new photos with the uploader and caption', async () => {
    const seen = new Set<string>();
    await until(
      'the wall to show all three new photos',
      async () => {
        const id = await current(tv.page);
        if (id) seen.add(id);
        return seen.size === 3 || `${seen.size} of 3 shown`;
      },
      20_000,
    );
    ids.push(...seen);
    await visible(
      tv.page.getByTestId('wall-caption').getByText(guest.name),
      'the uploader on the wall',
    );
    await visible(
      tv.page.getByTestId('wall-caption').getByText('Cheers from table 4'),
      'the caption on the wall',
    );
    await shootWall(tv.page, 'wall-light');
    // The palette as Settings saves it (journey 14 covers the colour fields themselves).
    await updateEvent(eventId, { themeColors: DARK_PALETTE });
    await until('the dark palette on the wall', async () => {
      const bg = await tv.page
        .getByTestId('wall-caption')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      return bg.includes('30, 41, 59') || bg;
    });
    await shootWall(tv.page, 'wall-dark');
  });

  let hidden = '';
  await step('the host hides one photo from the viewer: it leaves the wall', async () => {
    hidden = ids[0]!;
    await host.visit(`/events/${eventId}/photos/${hidden}`, 'photo viewer', (p) =>
      p.getByTestId('wall-toggle'),
    );
    await host.page.getByTestId('wall-toggle').click();
    await visible(host.page.getByText('Hidden from the wall'), "'Hidden from the wall'");
    await hasText(host.page.getByTestId('wall-toggle'), 'Show on wall', 'the toggle turned');
    // Within about 2 s it is gone from the wall's rotation: step through everything it has.
    await tv.page.waitForTimeout(2500);
    const shown = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const id = await current(tv.page);
      if (id) shown.add(id);
      await tv.page.keyboard.press('n');
      await tv.page.waitForTimeout(150);
    }
    check(!shown.has(hidden), `the hidden photo left the wall (saw ${[...shown].join(', ')})`);
    check(shown.size === 2, `the other two stay (saw ${shown.size})`);
  });

  await step('the host revokes the link: the wall shows a sentence', async () => {
    await host.visit(`/events/${eventId}/settings`, 'settings', (p) =>
      p.getByRole('heading', { name: 'Event Settings' }),
    );
    const card = host.page.getByTestId('wall-settings-card');
    await card.getByRole('button', { name: 'Revoke' }).click();
    await host.page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await visible(host.page.getByText('Wall link revoked'), "'Wall link revoked'");
    await hasText(tv.page.getByTestId('wall-gone'), WALL_MESSAGES.linkNotFound, 'the sentence');
    await shootWall(tv.page, 'wall-revoked');
  });
}
