// Journey 9: venue Wi-Fi. The organiser loses the connection on the dashboard, RSVPs (kept in the
// device's RSVP queue until the RSVP function can count it) and renames the event in Settings
// (Firestore's queue); each says it is saved on this phone, never an endless "Saving...". They
// reload with no network (the app shell comes from the service worker, the data from Firestore's
// persistent cache, the RSVP from the device), and come back online; the guest then sees both
// changes. Runs against the built app on the Hosting emulator (e2e/lib/built-app.ts).
import type { Page } from 'playwright-core';
import { check, gone, hasText, until, visible } from '../lib/expect.ts';
import {
  addMember,
  bannerHeading,
  chooseMenuItem,
  createEvent,
  dismissToasts,
  navigate,
  signInFromLanding,
} from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';

const QUEUED = 'Saved on this phone, will sync when online';
const item = (page: Page, title: string) =>
  page.getByTestId('schedule-item').filter({ hasText: title });
const settingsHeading = (p: Page) => p.getByRole('heading', { name: 'Event Settings' });
const offlineStrip = (p: Page) => p.getByTestId('offline-banner');

export async function venueWifi({ person, step }: JourneyContext): Promise<void> {
  const olive = await person('Olive Organiser');
  const pat = await person('Pat Guest');
  const eventName = `Vineyard Wedding ${Date.now().toString(36)}`;
  const renamed = `${eventName} (barn)`;
  let eventId = '';

  await step('the organiser creates an event with a schedule item; a guest joins', async () => {
    await signInFromLanding(olive);
    eventId = await createEvent(olive, { name: eventName });
    const page = olive.page;
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Schedule Item' });
    await dialog.getByLabel('Title').fill('Ceremony');
    await dialog.getByLabel('Start Time').fill('2027-09-18T15:00');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await gone(dialog, 'the Add Schedule Item dialog');
    await addMember(olive, pat, eventId, eventName);
  });

  await step('both are on the dashboard; the organiser has opened Settings once', async () => {
    // One visit caches the screens' data (Firestore) and the app shell (service worker).
    await navigate(olive, 'Settings', 'settings', settingsHeading);
    await navigate(olive, 'Dashboard', 'dashboard', bannerHeading(eventName));
    await visible(item(pat.page, 'Ceremony'), "the schedule item on the guest's dashboard");
    await hasText(
      item(pat.page, 'Ceremony').getByTestId('rsvp-counts'),
      '0 going · 0 replies',
      'no answers yet',
    );
    await until('the service worker to control the organiser’s page', async () =>
      olive.page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.active?.state === 'activated' || 'not active yet';
      }),
    );
  });

  await step('the organiser goes offline: the shell says so', async () => {
    await olive.context.setOffline(true);
    await visible(offlineStrip(olive.page).getByText("You're offline."), 'the offline strip');
    await visible(
      olive.page.getByText('Offline', { exact: true }),
      'the Offline badge in the header',
    );
    await olive.shoot('offline-dashboard');
  });

  await step(
    'offline, the organiser RSVPs Going: it is saved on the phone, and says so',
    async () => {
      await dismissToasts(olive.page);
      const row = item(olive.page, 'Ceremony');
      await row.getByRole('button', { name: /^Your RSVP:/ }).click();
      await chooseMenuItem(olive.page, 'Going');
      await visible(
        row.getByRole('button', { name: 'Your RSVP: Going' }),
        'the RSVP chip to read Going',
      );
      await visible(olive.page.getByText(QUEUED), `'${QUEUED}' for the RSVP`, 5000);
      await visible(row.getByText('Not synced yet'), 'the RSVP marked as not synced yet');
      await hasText(
        row.getByTestId('rsvp-counts'),
        '0 going · 0 replies',
        'the count stays the server’s',
      );
      await visible(
        offlineStrip(olive.page).getByText(/1 change waiting/),
        "'1 change waiting' in the strip",
      );
    },
  );

  await step(
    'offline, the organiser renames the event in Settings: queued, never an endless "Saving..."',
    async () => {
      await dismissToasts(olive.page);
      await navigate(olive, 'Settings', 'settings (offline)', settingsHeading);
      const name = olive.page.getByLabel('Event Name');
      await name.fill(renamed);
      await name.blur();
      // "Saving..." may flash; within a few seconds the field must say why it is not "Saved".
      await visible(olive.page.getByText(QUEUED), `'${QUEUED}' next to Event Name`, 5000);
      check(
        !(await olive.page.getByText('Saving...').isVisible()),
        '"Saving..." must not stay once the change is queued',
      );
      await visible(
        offlineStrip(olive.page).getByText(/2 changes waiting/),
        "'2 changes waiting' in the strip",
      );
      await olive.shoot('offline-settings-queued');
    },
  );

  await step(
    'offline, the organiser reloads: the app and the renamed event still open',
    async () => {
      await olive.page.reload();
      await visible(
        settingsHeading(olive.page),
        'the Settings screen after an offline reload',
        30_000,
      );
      await until('the Event Name field to hold the offline rename', async () => {
        const value = await olive.page.getByLabel('Event Name').inputValue();
        return value === renamed || `"${value}"`;
      });
      await visible(
        offlineStrip(olive.page).getByText("You're offline."),
        'the offline strip after the reload',
      );
      await visible(
        offlineStrip(olive.page).getByText(/2 changes waiting/),
        'both queued changes after the reload',
        5000,
      );
      await navigate(olive, 'Dashboard', 'dashboard (offline reload)', bannerHeading(renamed));
      await visible(
        item(olive.page, 'Ceremony').getByRole('button', { name: 'Your RSVP: Going' }),
        'the offline RSVP after the reload',
      );
      check(
        !(await olive.page.getByText('Saving...').isVisible()),
        'no "Saving..." after the reload',
      );
      await olive.shoot('offline-after-reload');
      // Meanwhile the guest still sees the event as it was.
      await visible(bannerHeading(eventName)(pat.page), 'the old name on the guest’s dashboard');
    },
  );

  await step('back online: both changes sync and the guest sees both', async () => {
    await olive.context.setOffline(false);
    await visible(
      olive.page.getByText('All changes synced'),
      "the 'All changes synced' toast",
      30_000,
    );
    await gone(offlineStrip(olive.page), 'the offline strip');
    const row = item(olive.page, 'Ceremony');
    await visible(row.getByRole('button', { name: 'Your RSVP: Going' }), 'the synced RSVP');
    await gone(row.getByText('Not synced yet'), 'the not-synced mark');
    await visible(bannerHeading(renamed)(pat.page), 'the new name on the guest’s dashboard');
    await hasText(
      item(pat.page, 'Ceremony').getByTestId('rsvp-counts'),
      '1 going · 1 reply',
      "the organiser's RSVP on the guest's dashboard",
    );
    await pat.shoot('synced-guest');
  });
}
