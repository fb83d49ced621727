// Journey 20: the event link with approval. The host turns it on with "Ask me before people
// join" and downloads its QR code as PNG; a second person "scans" it (the PNG decoded here),
// signs in, asks to join; the host approves from the Requests tab; the person is in. The host
// regenerates the link: the old one answers with a sentence.
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { check, hasText, until, visible } from '../lib/expect.ts';
import { bannerHeading, createEvent, signInFromLanding } from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';
import { turnOnEventLink } from './19-one-account.ts';

/** The text of the QR code in a PNG file. */
function decodeQr(file: string): string {
  const png = PNG.sync.read(readFileSync(file));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  check(code !== null, 'the PNG holds a readable QR code');
  return code!.data;
}

export async function eventLink({ person, step }: JourneyContext): Promise<void> {
  const hana = await person('Hana Host');
  const sam = await person('Sam Scanner', { phone: true });
  const late = await person('Lou Late');
  const eventName = `Barn Dance ${Date.now().toString(36)}`;
  let eventId = '';
  let scanned = '';

  await step(
    'the host turns on the event link with approval and downloads its QR code',
    async () => {
      await signInFromLanding(hana);
      eventId = await createEvent(hana, { name: eventName, location: 'Red Barn' });
      const url = await turnOnEventLink(hana, eventId);
      const card = hana.page.getByTestId('event-link-card');
      await card.getByText('Ask me before people join').click();
      await visible(card.getByRole('img', { name: 'QR code of the event link' }), 'the QR code');
      await hana.shoot('event-link-card');
      const [download] = await Promise.all([
        hana.page.waitForEvent('download'),
        card.getByRole('button', { name: 'Download PNG' }).click(),
      ]);
      check(
        download.suggestedFilename().endsWith('.png'),
        `a PNG: ${download.suggestedFilename()}`,
      );
      const file = await download.path();
      scanned = decodeQr(file);
      check(scanned === url, `the QR code holds the link (${scanned} vs ${url})`);
    },
  );

  await step('a person scans it, signs in and asks to join', async () => {
    await sam.visit(new URL(scanned).pathname, 'event link (signed out)', (p) =>
      p.getByRole('heading', { name: eventName }),
    );
    await sam.shoot('event-link-signed-out');
    await sam.signIn(sam.page.getByRole('button', { name: 'Sign In with Google' }));
    await sam.page.getByRole('button', { name: 'Ask to Join' }).click();
    await visible(sam.page.getByTestId('join-requested'), 'Request sent');
    await sam.shoot('event-link-requested');
  });

  await step('the host approves from the Requests tab; the person is in', async () => {
    await hana.visit(`/events/${eventId}/members`, 'members', (p) =>
      p.getByRole('heading', { name: 'Event Members' }),
    );
    await hasText(hana.page.getByTestId('join-request-count'), '1', 'one request waiting');
    await hana.page.getByRole('tab', { name: /Requests/ }).click();
    await visible(hana.page.getByText(sam.email), 'the request');
    await hana.shoot('join-requests');
    await hana.page.getByRole('button', { name: `Approve ${sam.name}` }).click();
    await visible(hana.page.getByText('Request Approved'), "'Request Approved'");
    await sam.page.getByRole('button', { name: 'Check Again' }).click();
    await sam.page.getByRole('link', { name: 'Open Event' }).click();
    await visible(bannerHeading(eventName)(sam.page), 'the event, for the approved person');
  });

  await step('the host regenerates the link: the old one answers with a sentence', async () => {
    await hana.visit(`/events/${eventId}/settings`, 'settings', (p) =>
      p.getByRole('heading', { name: 'Event Settings' }),
    );
    const card = hana.page.getByTestId('event-link-card');
    await card.getByRole('button', { name: 'Regenerate Link' }).click();
    await hana.page.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await until('a new link after regenerating', async () => {
      const shown = (await card.getByTestId('event-link-url').innerText()).trim();
      return (shown !== scanned && shown.includes('/join/')) || `still ${shown}`;
    });
    await late.visit(new URL(scanned).pathname, 'event link (old)', (p) =>
      p.getByRole('heading', { name: 'Event Link Not Valid' }),
    );
    await visible(
      late.page.getByText('This event link is no longer valid. Ask the organisers for a new one.'),
      'the sentence',
    );
    await late.shoot('event-link-old');
  });
}
