// Journey 14: readable themes (issue 19). An event's colours are whatever its admins pick, and the
// shell derives every text / background pair from them. For palettes that used to break it (a
// dark background with a light surface, the reverse, a yellow primary, a near-white primary,
// saturated mid-tones) the dashboard, gallery and settings are saved and scanned with axe-core
// (colour contrast among its rules) in light and dark mode at both widths (lib/a11y.ts), and the
// banner's no-photo artwork is checked for overlaps at phone widths (lib/banner.ts).
import type { ThemeColors } from '@gatherly/domain/entities/events';
import { updateEvent } from '../lib/admin.ts';
import { checkBannerLayout } from '../lib/banner.ts';
import { visible } from '../lib/expect.ts';
import { bannerHeading, createEvent, signInFromLanding } from '../lib/flows.ts';
import type { JourneyContext } from '../lib/journey.ts';

const PALETTES: [string, ThemeColors][] = [
  [
    'dark background, light surface',
    {
      primary: '#8b5cf6',
      secondary: '#14b8a6',
      tertiary: '#f59e0b',
      background: '#1e1b4b',
      surface: '#f1f5f9',
    },
  ],
  [
    'light background, dark surface',
    {
      primary: '#2563eb',
      secondary: '#db2777',
      tertiary: '#65a30d',
      background: '#fdf6e3',
      surface: '#1f2937',
    },
  ],
  [
    'yellow primary',
    {
      primary: '#facc15',
      secondary: '#fde047',
      tertiary: '#fef08a',
      background: '#ffffff',
      surface: '#f8fafc',
    },
  ],
  [
    'near-white primary',
    {
      primary: '#fafafa',
      secondary: '#f4f4f5',
      tertiary: '#e4e4e7',
      background: '#ffffff',
      surface: '#ffffff',
    },
  ],
  [
    'saturated mid-tones',
    {
      primary: '#e11d48',
      secondary: '#0891b2',
      tertiary: '#7c3aed',
      background: '#10b981',
      surface: '#f97316',
    },
  ],
];

const slug = (s: string) => s.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

export async function themes({ person, step }: JourneyContext): Promise<void> {
  const tess = await person('Tess Theme');
  const eventName = `Colour Party ${Date.now().toString(36)}`;
  let eventId = '';

  await step('an admin creates an event', async () => {
    await signInFromLanding(tess);
    eventId = await createEvent(tess, {
      name: eventName,
      location: 'The Paint Shed',
      dates: { start: '2027-09-04T18:00', end: '2027-09-04T23:00' },
    });
  });

  for (const [label, colors] of PALETTES) {
    await step(`${label}: dashboard, gallery and settings stay readable`, async () => {
      await updateEvent(eventId, { themeColors: colors });
      await tess.visit(`/events/${eventId}`, 'dashboard', bannerHeading(eventName));
      await visible(tess.page.getByTestId('stat-photos'), 'the stats');
      // No photo yet: the banner's artwork in these colours, with its text and buttons apart.
      await visible(tess.page.getByTestId('banner-artwork'), "the banner's artwork");
      await tess.shoot(`${slug(label)}-dashboard`);
      await checkBannerLayout(tess.page, `the banner's artwork (${label})`);
      await tess.visit(`/events/${eventId}/photos`, 'photos', (p) =>
        p.getByRole('heading', { name: 'Photo Gallery' }),
      );
      await tess.shoot(`${slug(label)}-photos`);
      await tess.visit(`/events/${eventId}/settings`, 'settings', (p) =>
        p.getByRole('heading', { name: 'Event Settings' }),
      );
      await tess.shoot(`${slug(label)}-settings`);
    });
  }
}
