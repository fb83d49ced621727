import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityItem } from '@gatherly/domain/activity';
import type { GuestQuestion } from '@gatherly/domain/rsvp-options';
import { resetToasts } from '../../src/lib/toast-store.ts';
import * as activityData from '../../src/features/activity/data.ts';
import * as bannerUpload from '../../src/features/banner/banner-upload.ts';
import DashboardPage from '../../src/features/dashboard/DashboardPage.tsx';
import * as bannerData from '../../src/features/banner/data.ts';
import * as scheduleData from '../../src/features/schedule/data.ts';
import * as rsvpData from '../../src/features/schedule/rsvp-data.ts';
import * as photosData from '../../src/features/photos/data.ts';
import * as statsHook from '../../src/lib/use-event-stats.ts';
import * as subscriptionHook from '../../src/features/subscription/use-subscription.ts';
import * as travelData from '../../src/features/travel/data.ts';
import { clearNewlyCreated } from '../../src/lib/newly-created.ts';
import type { GatherlyEvent, MemberRole } from '../../src/lib/types.ts';
import { makeMyEvent, makeMyEvents, makeScope, renderScreen } from '../render.tsx';
import { inDeviceZone } from '../time-zones.ts';
import { testDb } from './firebase-stub.ts';
import * as groupsData from '../../src/features/groups/data.ts';
import { carpool, flight, photo } from './fixtures.ts';
import { goOffline } from '../offline.ts';
import { ApiError, subscription } from '../api-mock.ts';

vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => testDb,
}));
vi.mock('../../src/features/photos/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/photos/data.ts')>()),
  useBannerPhotos: vi.fn(),
  useRecentPhotos: vi.fn(),
  useMyVotes: vi.fn(),
  togglePhotoVote: vi.fn(),
}));
vi.mock('../../src/lib/use-event-stats.ts', () => ({ useEventStats: vi.fn() }));
vi.mock('../../src/features/travel/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/travel/data.ts')>()),
  useFlights: vi.fn(),
  useCarpools: vi.fn(),
  joinCarpool: vi.fn(),
  usePassengers: vi.fn(() => []),
}));
vi.mock('../../src/features/schedule/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/schedule/data.ts')>()),
  useSchedule: vi.fn(),
  setItemCapacity: vi.fn(),
  addScheduleItem: vi.fn(),
  updateScheduleItem: vi.fn(),
  deleteScheduleItem: vi.fn(),
}));
vi.mock('../../src/features/schedule/rsvp-data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/schedule/rsvp-data.ts')>()),
  useMyAllowance: vi.fn(),
  useMyGuestAnswers: vi.fn(),
  useWaitlistPosition: vi.fn(),
  setMyRsvp: vi.fn(),
  saveMyAnswers: vi.fn(),
}));
vi.mock('../../src/features/banner/data.ts', () => ({ saveBannerSettings: vi.fn() }));
// No open date poll (the polls' own tests: date-polls.test.tsx).
vi.mock('../../src/features/polls/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/polls/data.ts')>()),
  useOpenPolls: () => ({ loading: false, polls: [] }),
}));
vi.mock('../../src/features/groups/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/groups/data.ts')>()),
  useGroups: vi.fn(() => ({ groups: [], loading: false, error: null })),
}));
vi.mock('../../src/features/activity/data.ts', () => ({ useEventActivity: vi.fn() }));
vi.mock('../../src/features/subscription/use-subscription.ts', () => ({
  useSubscription: vi.fn(),
}));
vi.mock('../../src/features/banner/banner-upload.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/banner/banner-upload.ts')>()),
  uploadBanner: vi.fn(),
}));

const photos = vi.mocked(photosData);
const eventStats = vi.mocked(statsHook.useEventStats);

/** The dashboard's bounded photo queries answer with `list` (banner and preview alike). */
function showPhotos(list: photosData.GalleryPhoto[], voted: string[] = []) {
  const state = { loading: false, error: undefined, photos: list };
  photos.useBannerPhotos.mockReturnValue(state);
  photos.useRecentPhotos.mockReturnValue(state);
  photos.useMyVotes.mockReturnValue(new Set(voted));
}

const STATS = {
  loading: false,
  members: { total: 3, creator: 1, admin: 0, attendee: 2 },
  photos: { total: 12, featured: 1 },
  travel: { flights: 3, carpools: 2 },
};
const travel = vi.mocked(travelData);
const dash = vi.mocked(scheduleData);
const rsvp = vi.mocked(rsvpData);
const bannerWrites = vi.mocked(bannerData);
const activity = vi.mocked(activityData);
const upload = vi.mocked(bannerUpload.uploadBanner);
const plan = vi.mocked(subscriptionHook.useSubscription);
const groupsHook = vi.mocked(groupsData.useGroups);

const EVENT: Partial<GatherlyEvent> = {
  name: 'Beach Wedding',
  location: 'Malibu',
  startDate: '2099-06-12T15:00:00.000Z',
  endDate: '2099-06-14T15:00:00.000Z',
};

function scheduleItem(
  id: string,
  overrides: Partial<scheduleData.ScheduleEntry> = {},
): scheduleData.ScheduleEntry {
  return {
    id,
    eventId: 'e1',
    title: 'Welcome Dinner',
    description: 'Tacos by the sea',
    startTime: '2099-06-12T18:00:00.000Z',
    endTime: null,
    location: 'Beach Club',
    createdBy: 'u1',
    createdAt: null,
    rsvpCounts: { going: 2, maybe: 1, notGoing: 0 },
    myStatus: null,
    myGuests: [],
    myStatusPending: false,
    ...overrides,
  };
}

const activityItems: ActivityItem[] = [
  {
    id: 'photo:p1',
    kind: 'photo',
    at: Date.now() - 60_000,
    actor: { displayName: 'Grace Hopper', photoURL: '' },
    text: 'Grace Hopper uploaded a photo',
    area: 'photos',
  },
  {
    id: 'member:u3',
    kind: 'member',
    at: Date.now() - 7_200_000,
    actor: { displayName: 'Alan Turing', photoURL: '' },
    text: 'Alan Turing joined the event',
    area: 'members',
  },
];

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

function renderDashboard(role: MemberRole = 'creator', event: Partial<GatherlyEvent> = EVENT) {
  const mine = makeMyEvent('e1', role, event, 3);
  return renderScreen(<DashboardPage />, {
    path: '/events/e1',
    pattern: '/events/:eventId',
    myEvents: makeMyEvents([mine]),
    scope: makeScope(mine),
  });
}

beforeEach(() => {
  showPhotos([]);
  eventStats.mockReturnValue(STATS);
  travel.useFlights.mockReturnValue({ loading: false, items: [] });
  travel.useCarpools.mockReturnValue({ loading: false, items: [] });
  dash.useSchedule.mockReturnValue({ loading: false, items: [], goingHeads: 7 });
  rsvp.useMyAllowance.mockReturnValue(0);
  rsvp.useMyGuestAnswers.mockReturnValue(null);
  rsvp.useWaitlistPosition.mockReturnValue(null);
  plan.mockReturnValue({ subscription: null, loading: false, error: null, reload: vi.fn() });
  activity.useEventActivity.mockReturnValue({
    loading: false,
    error: undefined,
    entries: activityItems,
  });
});
afterEach(() => {
  resetToasts();
  clearNewlyCreated();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('DashboardPage banner', () => {
  it('shows name, long date, location, member count and the countdown', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2099, 5, 2, 12, 0));
    renderDashboard();
    const banner = screen.getByTestId('event-banner');
    expect(within(banner).getByRole('heading', { name: 'Beach Wedding' })).toBeInTheDocument();
    expect(within(banner).getByText(/June 12, 2099/)).toBeInTheDocument();
    expect(within(banner).getByText(/Malibu/)).toBeInTheDocument();
    expect(within(banner).getByText(/3 members/)).toBeInTheDocument();
    expect(within(banner).getByText('10 days to go')).toBeInTheDocument();
  });

  it('says Today!, Event passed and Date TBD', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2099, 5, 13, 12, 0));
    const { unmount } = renderDashboard();
    expect(screen.getByText('Today!')).toBeInTheDocument();
    unmount();
    vi.setSystemTime(new Date(2099, 6, 1, 12, 0));
    const second = renderDashboard();
    expect(screen.getByText('Event passed')).toBeInTheDocument();
    second.unmount();
    renderDashboard('creator', { ...EVENT, startDate: null, endDate: null });
    expect(screen.getByText(/Date TBD/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });

  it('orders slides custom banner → featured → by votes, rotates, pauses on hover and shows Featured Photo', () => {
    vi.useFakeTimers();
    showPhotos([photo('p1', { votes: 9 }), photo('p2', { isFeatured: true, votes: 1 })]);
    renderDashboard('creator', {
      ...EVENT,
      bannerSettings: {
        style: 'contained',
        autoRotate: true,
        rotateInterval: 4000,
        customBannerImage: 'events/e1/banner/b.jpg',
      },
      bannerImageUrl: 'https://img.test/events/e1/banner/b.jpg',
    });
    const banner = screen.getByTestId('event-banner');
    const dots = within(banner).getAllByRole('tab');
    expect(dots).toHaveLength(3);
    const src = () => banner.querySelector('img')?.getAttribute('src');
    expect(src()).toBe('https://img.test/events/e1/banner/b.jpg');
    expect(within(banner).queryByText('Featured Photo')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(src()).toBe('https://img.test/events/e1/photos/u2/p2.jpg');
    expect(within(banner).getByText('Featured Photo')).toBeInTheDocument();
    fireEvent.mouseEnter(banner);
    act(() => {
      vi.advanceTimersByTime(12000);
    });
    expect(src()).toBe('https://img.test/events/e1/photos/u2/p2.jpg');
    fireEvent.mouseLeave(banner);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(src()).toBe('https://img.test/events/e1/photos/u2/p1.jpg');
    fireEvent.click(within(banner).getByRole('tab', { name: 'Show banner image 1' }));
    expect(src()).toBe('https://img.test/events/e1/banner/b.jpg');
  });

  it('without images shows the artwork in the event colours, no initials tile; admins get Add a banner photo', async () => {
    renderDashboard('creator');
    const banner = screen.getByTestId('event-banner');
    expect(within(banner).getByTestId('banner-artwork')).toBeInTheDocument();
    expect(banner.querySelector('img')).toBeNull();
    // The artwork's own action replaces Upload Banner until there is an image.
    expect(within(banner).queryByRole('button', { name: 'Upload Banner' })).not.toBeInTheDocument();
    const input = within(banner).getByTestId('banner-file-input');
    const pick = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    await userEvent.click(within(banner).getByRole('button', { name: 'Add a banner photo' }));
    expect(pick).toHaveBeenCalledOnce();
  });

  it('shows the logo on the artwork; attendees get no upload action', () => {
    renderDashboard('attendee', { ...EVENT, customLogo: 'https://logo.test/logo.png' });
    const banner = screen.getByTestId('event-banner');
    expect(within(banner).getByTestId('banner-logo').querySelector('img')).toHaveAttribute(
      'src',
      'https://logo.test/logo.png',
    );
    expect(
      within(banner).queryByRole('button', { name: 'Add a banner photo' }),
    ).not.toBeInTheDocument();
    expect(within(banner).queryByTestId('banner-file-input')).not.toBeInTheDocument();
  });

  it('sets a contained photo on a blurred copy of itself; full width covers the banner', () => {
    showPhotos([photo('p1')]);
    const settings = {
      style: 'contained' as const,
      autoRotate: false,
      rotateInterval: 4000,
      customBannerImage: null,
    };
    const first = renderDashboard('creator', { ...EVENT, bannerSettings: settings });
    const src = 'https://img.test/events/e1/photos/u2/p1.jpg';
    const backdrop = screen.getByTestId('banner-backdrop');
    expect(backdrop).toHaveAttribute('src', src);
    expect(backdrop).toHaveAttribute('aria-hidden', 'true');
    expect(getComputedStyle(backdrop).filter).toMatch(/blur\(/);
    expect(screen.getByTestId('banner-image')).toHaveAttribute('src', src);
    expect(getComputedStyle(screen.getByTestId('banner-image')).objectFit).toBe('contain');
    expect(screen.getByRole('button', { name: 'Upload Banner' })).toBeInTheDocument();
    first.unmount();
    renderDashboard('creator', { ...EVENT, bannerSettings: { ...settings, style: 'full-width' } });
    expect(screen.queryByTestId('banner-backdrop')).not.toBeInTheDocument();
    expect(getComputedStyle(screen.getByTestId('banner-image')).objectFit).toBe('cover');
  });

  it('steps with previous / next and the arrow keys; anyone can pause the rotation', async () => {
    showPhotos([photo('p1', { votes: 3 }), photo('p2', { votes: 2 }), photo('p3', { votes: 1 })]);
    renderDashboard('attendee', {
      ...EVENT,
      bannerSettings: {
        style: 'contained',
        autoRotate: true,
        rotateInterval: 4000,
        customBannerImage: null,
      },
    });
    const banner = screen.getByTestId('event-banner');
    const shown = () => screen.getByTestId('banner-image').getAttribute('src');
    const at = (id: string) => `https://img.test/events/e1/photos/u2/${id}.jpg`;
    await userEvent.click(within(banner).getByRole('button', { name: 'Previous banner image' }));
    expect(shown()).toBe(at('p3'));
    await userEvent.click(within(banner).getByRole('button', { name: 'Next banner image' }));
    expect(shown()).toBe(at('p1'));
    // One tab stop for the dots; the arrows move between them.
    const dots = within(banner).getAllByRole('tab');
    expect(dots.map((d) => d.tabIndex)).toEqual([0, -1, -1]);
    dots[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(shown()).toBe(at('p2'));
    expect(within(banner).getByRole('tab', { name: 'Show banner image 2' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(shown()).toBe(at('p3'));
    // Auto-rotate is the admins' setting; pausing is anyone's (it holds after focus leaves).
    await userEvent.click(within(banner).getByRole('button', { name: 'Pause banner rotation' }));
    expect(
      within(banner).getByRole('button', { name: 'Play banner rotation' }),
    ).toBeInTheDocument();
    (document.activeElement as HTMLElement).blur();
    vi.useFakeTimers();
    fireEvent.mouseLeave(banner);
    act(() => {
      vi.advanceTimersByTime(12000);
    });
    expect(shown()).toBe(at('p3'));
    fireEvent.click(within(banner).getByRole('button', { name: 'Play banner rotation' }));
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(shown()).toBe(at('p1'));
  });

  it('saves the auto-rotate and style toggles with the toast (admins only)', async () => {
    bannerWrites.saveBannerSettings.mockResolvedValue(undefined);
    renderDashboard('admin');
    await userEvent.click(screen.getByLabelText('Auto-rotate'));
    await waitFor(() =>
      expect(bannerWrites.saveBannerSettings).toHaveBeenCalledWith(testDb, 'e1', {
        style: 'contained',
        autoRotate: false,
        rotateInterval: 4000,
        customBannerImage: null,
      }),
    );
    expect(await screen.findByText('Banner settings updated!')).toBeInTheDocument();
    expect(screen.getByText('Your banner configuration has been saved.')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Full width'));
    await waitFor(() =>
      expect(bannerWrites.saveBannerSettings).toHaveBeenLastCalledWith(
        testDb,
        'e1',
        expect.objectContaining({ style: 'full-width' }),
      ),
    );
  });

  it('hides banner controls, Settings and Invite from attendees', () => {
    renderDashboard('attendee');
    expect(screen.queryByRole('button', { name: 'Upload Banner' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Auto-rotate')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('links Settings and Invite for admins', () => {
    renderDashboard('admin');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/events/e1/settings',
    );
    expect(screen.getByRole('link', { name: 'Invite' })).toHaveAttribute(
      'href',
      '/events/e1/members',
    );
  });

  it('uploads a banner with the success toast, and maps failures to their messages', async () => {
    upload.mockResolvedValueOnce(undefined);
    renderDashboard('creator');
    const input = screen.getByTestId('banner-file-input');
    const file = new File(['x'], 'banner.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('Banner updated successfully!')).toBeInTheDocument();
    expect(screen.getByText('Your new banner image is now live')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith('e1', file, expect.any(Function));

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    upload.mockRejectedValueOnce(
      new bannerUpload.BannerUploadError('transfer', 'stalled', {
        code: 'storage/retry-limit-exceeded',
      }),
    );
    fireEvent.change(input, { target: { files: [file] } });
    expect(
      await screen.findByText('Please check your connection and try again'),
    ).toBeInTheDocument();
    // Not every failure is the connection's: an image the compressor cannot read rejects with a
    // DOM Event. It reads as a sentence, neither "[object Event]" nor "check your connection".
    upload.mockRejectedValueOnce(
      new bannerUpload.BannerUploadError('transfer', 'not decoded', new Event('error')),
    );
    fireEvent.change(input, { target: { files: [file] } });
    expect(
      await screen.findByText('The image could not be uploaded. Please try another photo.'),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('[object');
    upload.mockRejectedValueOnce(
      new bannerUpload.BannerUploadError(
        'rejected',
        'notes.jpg could not be opened as an image. You can only upload: image/*',
      ),
    );
    fireEvent.change(input, { target: { files: [file] } });
    expect(
      await screen.findByText(
        'notes.jpg could not be opened as an image. You can only upload: image/*',
      ),
    ).toBeInTheDocument();
    upload.mockRejectedValueOnce(new bannerUpload.BannerUploadError('save', '500'));
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('No file was uploaded successfully')).toBeInTheDocument();
  });
});

describe('DashboardPage sections', () => {
  it('shows the description clamped to three lines, with Show more / Show less when it runs longer', async () => {
    const text = 'Welcome to the lake!\nBring swimwear.\nParking behind the barn.\nDinner at 7.';
    // jsdom has no layout: the clamped paragraph's content is taller than its box.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(96);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(72);
    renderDashboard('attendee', { ...EVENT, description: text });
    const card = screen.getByTestId('event-description');
    const paragraph = within(card).getByText(/Welcome to the lake!/);
    expect(paragraph.textContent).toBe(text);
    const more = within(card).getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    const less = within(card).getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(less);
    expect(within(card).getByRole('button', { name: 'Show more' })).toBeInTheDocument();
  });

  it('a description that fits has no Show more; none at all shows nothing', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(48);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(48);
    const { unmount } = renderDashboard('attendee', { ...EVENT, description: 'A short note.' });
    expect(screen.getByTestId('event-description')).toHaveTextContent('A short note.');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    unmount();
    renderDashboard('attendee', { ...EVENT, description: '  ' });
    expect(screen.queryByTestId('event-description')).not.toBeInTheDocument();
  });

  it('offline, stats never counted on this visit say so instead of loading forever', () => {
    eventStats.mockReturnValue({ loading: false, members: null, photos: null, travel: null });
    const restore = goOffline();
    try {
      renderDashboard();
      expect(within(screen.getByTestId('stat-going')).getByText('7')).toBeInTheDocument();
      expect(
        within(screen.getByTestId('stat-photos')).getByTitle('Counts need a connection'),
      ).toHaveTextContent('—');
    } finally {
      restore();
    }
  });

  it('a count still loading keeps each stat a valid definition list (only dt and dd in it)', () => {
    eventStats.mockReturnValue({ loading: true, members: null, photos: null, travel: null });
    renderDashboard();
    const stat = screen.getByTestId('stat-photos');
    expect(stat.tagName).toBe('DL');
    expect([...stat.children].map((c) => c.tagName)).toEqual(['DT', 'DD']);
    expect(stat.querySelector('dd')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the stored counts, and the going total from the schedule tallies', () => {
    renderDashboard();
    expect(within(screen.getByTestId('stat-going')).getByText('7')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-photos')).getByText('12')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-flights')).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByTestId('stat-carpools')).getByText('2')).toBeInTheDocument();
  });

  it('shows recent activity from real data with View All to the activity screen', () => {
    renderDashboard();
    expect(screen.getByText('Recent Activity')).toBeInTheDocument();
    expect(screen.getAllByTestId('activity-entry')).toHaveLength(2);
    expect(screen.getByText(/Grace Hopper uploaded a photo/)).toBeInTheDocument();
    expect(screen.getByText('2 hours ago')).toBeInTheDocument();
    const viewAll = screen.getAllByRole('link', { name: 'View All' });
    expect(viewAll[0]).toHaveAttribute('href', '/events/e1/activity');
    expect(viewAll[1]).toHaveAttribute('href', '/events/e1/photos');
  });

  it('shows the empty gallery, travel and schedule texts', () => {
    activity.useEventActivity.mockReturnValue({ loading: false, error: undefined, entries: [] });
    renderDashboard();
    expect(screen.getByText('No photos uploaded yet')).toBeInTheDocument();
    expect(screen.getByText('No flights added yet')).toBeInTheDocument();
    expect(screen.getByText('No carpools organized yet')).toBeInTheDocument();
    expect(screen.getByText('Event Schedule')).toBeInTheDocument();
    expect(screen.getByText('No events scheduled yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add Flight' })[0]).toHaveAttribute(
      'href',
      '/events/e1/travel',
    );
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute(
      'href',
      '/events/e1/travel',
    );
  });

  it('previews photos with vote toggles', async () => {
    showPhotos([photo('p1', { votes: 3 })]);
    photos.togglePhotoVote.mockResolvedValue({ voteCount: 4, userVoted: true });
    renderDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Vote for this photo' }));
    expect(photos.togglePhotoVote).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }));
  });

  it('opens a previewed photo in the gallery viewer (its deep link)', async () => {
    showPhotos([photo('p1', { caption: 'Lanterns' })]);
    const { router } = renderDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Open photo: Lanterns' }));
    expect(router.state.location.pathname).toBe('/events/e1/photos/p1');
  });

  it('asks for the viewer’s votes on the shown photos only and flags them', () => {
    showPhotos([photo('p1', { votes: 3 }), photo('p2')], ['p2']);
    renderDashboard();
    expect(photos.useMyVotes).toHaveBeenCalledWith('e1', 'u1', ['p1', 'p2', 'p1', 'p2']);
    expect(screen.getAllByRole('button', { name: 'Remove vote' }).length).toBeGreaterThan(0);
  });

  it('shows the live member count from the stored counts', () => {
    eventStats.mockReturnValue({ ...STATS, members: { ...STATS.members, total: 1000 } });
    renderDashboard();
    expect(screen.getByText('1000 members')).toBeInTheDocument();
  });

  it('an RSVP kept on the device says so, and its chip is marked until it syncs', async () => {
    dash.useSchedule.mockReturnValue({
      loading: false,
      items: [scheduleItem('s1', { myStatus: 'maybe', myStatusPending: true }), scheduleItem('s2')],
      goingHeads: 2,
    });
    rsvp.setMyRsvp.mockResolvedValue('queued');
    renderDashboard();
    const [queued, synced] = screen.getAllByTestId('schedule-item');
    expect(within(queued!).getByText('Not synced yet')).toBeInTheDocument();
    expect(within(synced!).queryByText('Not synced yet')).not.toBeInTheDocument();
    await userEvent.click(
      within(synced!).getByRole('button', { name: 'Your RSVP: Not Responded' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Going' }));
    expect(
      await screen.findByText('Saved on this phone, will sync when online'),
    ).toBeInTheDocument();
    expect(screen.getByText('RSVP saved')).toBeInTheDocument();
  });

  it('lists flights and carpools with a working Join', async () => {
    travel.useFlights.mockReturnValue({
      loading: false,
      items: [flight('f1'), flight('f2'), flight('f3')],
    });
    travel.useCarpools.mockReturnValue({
      loading: false,
      items: [carpool('c1')],
    });
    travel.joinCarpool.mockResolvedValue(null);
    renderDashboard();
    expect(travel.useFlights).toHaveBeenCalledWith('e1', 3);
    expect(travel.useCarpools).toHaveBeenCalledWith('e1', 3);
    expect(screen.getAllByTestId('flight-card')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(travel.joinCarpool).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1' }));
    expect(await screen.findByText('Joined Carpool')).toBeInTheDocument();
  });

  it("shows the schedule with the caller's real RSVP and lets them answer", async () => {
    dash.useSchedule.mockReturnValue({
      loading: false,
      items: [
        scheduleItem('s1'),
        scheduleItem('s2', {
          title: 'Ceremony',
          myStatus: 'going',
          rsvpCounts: { going: 5, maybe: 0, notGoing: 1 },
        }),
      ],
      goingHeads: 7,
    });
    rsvp.setMyRsvp.mockResolvedValue('saved');
    renderDashboard();
    const [dinner, ceremony] = screen.getAllByTestId('schedule-item');
    expect(within(dinner!).getByText('Welcome Dinner')).toBeInTheDocument();
    expect(within(dinner!).getByText('Tacos by the sea')).toBeInTheDocument();
    expect(within(dinner!).getByText('2 going · 3 replies')).toBeInTheDocument();
    expect(within(dinner!).getByText('Not Responded')).toBeInTheDocument();
    expect(within(ceremony!).getByText('Going')).toBeInTheDocument();
    expect(within(ceremony!).getByText('5 going · 6 replies')).toBeInTheDocument();
    await userEvent.click(
      within(dinner!).getByRole('button', { name: 'Your RSVP: Not Responded' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Maybe' }));
    await waitFor(() =>
      expect(rsvp.setMyRsvp).toHaveBeenCalledWith(
        { uid: 'u1', eventId: 'e1', itemId: 's1', title: 'Welcome Dinner' },
        { status: 'maybe' },
      ),
    );
    expect(
      screen.queryByText('Saved on this phone, will sync when online'),
    ).not.toBeInTheDocument();
  });

  it('lets admins add a schedule item with validation and ISO times; attendees cannot', async () => {
    dash.useSchedule.mockReturnValue({ loading: false, items: [], goingHeads: 0 });
    dash.addScheduleItem.mockResolvedValue(undefined);
    renderDashboard('admin');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Start time is required')).toBeInTheDocument();
    expect(dash.addScheduleItem).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Rehearsal dinner');
    await userEvent.type(within(dialog).getByLabelText(/Start Time/), '2027-06-11T19:30');
    await userEvent.type(within(dialog).getByLabelText('Location'), 'The boathouse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    await waitFor(() =>
      expect(dash.addScheduleItem).toHaveBeenCalledWith(
        testDb,
        'e1',
        'u1',
        {
          title: 'Rehearsal dinner',
          description: '',
          startTime: new Date(2027, 5, 11, 19, 30).toISOString(),
          endTime: null,
          location: 'The boathouse',
          // No groups ticked: open to everyone.
          groupIds: [],
        },
        expect.any(String),
      ),
    );
    expect(await screen.findByText('Schedule Item Added')).toBeInTheDocument();
    // No capacity typed: none is sent.
    expect(dash.setItemCapacity).not.toHaveBeenCalled();
  });

  it('hides the schedule controls from attendees', () => {
    dash.useSchedule.mockReturnValue({
      loading: false,
      items: [scheduleItem('s1')],
      goingHeads: 0,
    });
    renderDashboard('attendee');
    expect(screen.queryByRole('button', { name: 'Add Item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it("offers who's going under counts with answers: attendees only when the host allows it", () => {
    dash.useSchedule.mockReturnValue({
      loading: false,
      items: [
        scheduleItem('s1'),
        scheduleItem('s2', { rsvpCounts: { going: 0, maybe: 1, notGoing: 0 } }),
      ],
      goingHeads: 2,
    });
    const seeWho = () => screen.queryAllByRole('button', { name: "See who's going" });
    const allowed = renderDashboard('attendee');
    expect(seeWho()).toHaveLength(1); // s2 has nobody going
    allowed.unmount();
    const hidden = renderDashboard('attendee', { ...EVENT, guestsSeeWhoIsGoing: false });
    expect(seeWho()).toHaveLength(0);
    hidden.unmount();
    renderDashboard('admin', { ...EVENT, guestsSeeWhoIsGoing: false });
    expect(seeWho()).toHaveLength(1);
  });

  it('lets admins delete a schedule item after confirming', async () => {
    dash.useSchedule.mockReturnValue({
      loading: false,
      items: [scheduleItem('s1')],
      goingHeads: 0,
    });
    dash.deleteScheduleItem.mockResolvedValue(undefined);
    renderDashboard('creator');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Welcome Dinner' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(dash.deleteScheduleItem).toHaveBeenCalledWith('e1', 's1'));
  });

  it('downloads .ics files for a schedule item and for the event', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:ics';
    });
    URL.revokeObjectURL = vi.fn();
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    dash.useSchedule.mockReturnValue({
      loading: false,
      items: [scheduleItem('s1')],
      goingHeads: 0,
    });
    renderDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Add to calendar: Welcome Dinner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to calendar' }));
    // The .ics builder loads on the click (docs/performance.md, "JavaScript").
    await waitFor(() => expect(clicks).toEqual(['welcome-dinner.ics', 'beach-wedding.ics']));
    const text = await readBlob(created[0]!);
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('SUMMARY:Welcome Dinner');
    expect(await readBlob(created[1]!)).toContain('SUMMARY:Beach Wedding');
  });
});

describe('DashboardPage in the event’s time zone', () => {
  const NAPA = {
    ...EVENT,
    name: 'Napa Wedding',
    timeZone: 'America/Los_Angeles',
    startDate: '2099-06-12T22:00:00.000Z',
    endDate: '2099-06-13T06:00:00.000Z',
  };
  const ceremony = scheduleItem('s1', {
    title: 'Ceremony',
    startTime: '2099-06-12T23:00:00.000Z',
    endTime: '2099-06-12T23:45:00.000Z',
  });

  it.each([
    ['Asia/Kolkata', 'Sat, June 13, 4:30 AM GMT+5:30 your time'],
    ['America/New_York', '7:00 PM EDT your time'],
  ])(
    'a guest whose device is in %s sees 4:00 PM PDT, and their own time as a hint',
    async (zone, hint) => {
      await inDeviceZone(zone, async () => {
        dash.useSchedule.mockReturnValue({ loading: false, items: [ceremony], goingHeads: 0 });
        renderDashboard('attendee', NAPA);
        const row = screen.getByTestId('schedule-item');
        expect(row).toHaveTextContent('Fri, June 12, 2099, 4:00 PM PDT');
        expect(within(row).getByTestId('viewer-time')).toHaveTextContent(hint);
        expect(screen.getByTestId('banner-date')).toHaveTextContent(
          /^June 12, 2099, 3:00 PM PDT · /,
        );
      });
    },
  );

  it('shows no hint to a guest whose clock reads the event’s time', async () => {
    await inDeviceZone('America/Los_Angeles', async () => {
      dash.useSchedule.mockReturnValue({ loading: false, items: [ceremony], goingHeads: 0 });
      renderDashboard('attendee', NAPA);
      expect(screen.getByTestId('schedule-item')).toHaveTextContent(
        'Fri, June 12, 2099, 4:00 PM PDT',
      );
      expect(screen.getByTestId('banner-date')).toHaveTextContent(/^June 12, 2099, 3:00 PM PDT$/);
      expect(screen.queryByTestId('viewer-time')).not.toBeInTheDocument();
    });
  });

  it('counts the days on the event’s calendar: Today! in Napa while it is already tomorrow in Kolkata', async () => {
    await inDeviceZone('Asia/Kolkata', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      // 11:00 PM on June 11 in Napa is June 12, 11:30 AM in Kolkata.
      vi.setSystemTime(new Date('2099-06-12T06:00:00.000Z'));
      const { unmount } = renderDashboard('attendee', NAPA);
      expect(screen.getByText('1 days to go')).toBeInTheDocument();
      unmount();
      vi.setSystemTime(new Date('2099-06-13T06:30:00.000Z'));
      renderDashboard('attendee', NAPA);
      expect(screen.getByText('Today!')).toBeInTheDocument();
    });
  });

  it('enters schedule times in the event’s zone, whatever the device’s', async () => {
    await inDeviceZone('Asia/Kolkata', async () => {
      dash.useSchedule.mockReturnValue({ loading: false, items: [], goingHeads: 0 });
      dash.addScheduleItem.mockResolvedValue(undefined);
      renderDashboard('admin', NAPA);
      await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText(/Title/), 'Ceremony');
      await userEvent.type(within(dialog).getByLabelText(/Start Time/), '2099-06-12T16:00');
      expect(
        within(dialog).getByText(/^In Pacific Time \(PDT\), the event’s time zone\./),
      ).toBeInTheDocument();
      expect(within(dialog).getByTestId('viewer-time')).toHaveTextContent(
        '= Sat, June 13, 4:30 AM GMT+5:30 your time',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
      await waitFor(() =>
        expect(dash.addScheduleItem).toHaveBeenCalledWith(
          testDb,
          'e1',
          'u1',
          expect.objectContaining({ startTime: '2099-06-12T23:00:00.000Z' }),
          expect.any(String),
        ),
      );
    });
  });

  it('writes the event’s zone into the .ics files', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:ics';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    dash.useSchedule.mockReturnValue({ loading: false, items: [ceremony], goingHeads: 0 });
    renderDashboard('attendee', NAPA);
    await userEvent.click(screen.getByRole('button', { name: 'Add to calendar: Ceremony' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(created).toHaveLength(2));
    const [item, event] = await Promise.all(created.map(readBlob));
    expect(item).toContain('X-WR-TIMEZONE:America/Los_Angeles');
    expect(item).toContain('DTSTART:20990612T230000Z');
    expect(event).toContain('X-WR-TIMEZONE:America/Los_Angeles');
  });

  it('shows a picked whole-day date as dates (no "12:00 AM") and exports it as all-day', async () => {
    // A whole-day poll option picked: midnight of the first day to 23:59 of the last, in LA.
    const weekend = {
      ...NAPA,
      startDate: '2099-06-13T07:00:00.000Z',
      endDate: '2099-06-15T06:59:00.000Z',
    };
    const picnic = scheduleItem('s2', {
      title: 'Picnic',
      startTime: '2099-06-13T07:00:00.000Z',
      endTime: '2099-06-14T06:59:00.000Z',
    });
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:ics';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await inDeviceZone('Asia/Kolkata', async () => {
      dash.useSchedule.mockReturnValue({ loading: false, items: [picnic], goingHeads: 0 });
      renderDashboard('attendee', weekend);
      // Days are the same on every device: no time, no "your time" hint.
      expect(screen.getByTestId('banner-date')).toHaveTextContent(
        /^June 13, 2099 – June 14, 2099$/,
      );
      const row = screen.getByTestId('schedule-item');
      expect(row).toHaveTextContent('Sat, June 13, 2099');
      expect(row).not.toHaveTextContent('12:00 AM');
      expect(within(row).queryByTestId('viewer-time')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Add to calendar: Picnic' }));
      await userEvent.click(screen.getByRole('button', { name: 'Add to calendar' }));
      await waitFor(() => expect(created).toHaveLength(2));
      const [item, event] = await Promise.all(created.map(readBlob));
      expect(item).toContain('DTSTART;VALUE=DATE:20990613');
      expect(item).toContain('DTEND;VALUE=DATE:20990614');
      expect(event).toContain('DTSTART;VALUE=DATE:20990613');
      expect(event).toContain('DTEND;VALUE=DATE:20990615');
    });
  });

  it('points admins of an event without a zone to Settings; attendees are not asked', () => {
    const { unmount } = renderDashboard('admin', { ...NAPA, timeZone: null });
    const notice = screen.getByTestId('time-zone-notice');
    expect(notice).toHaveTextContent('Times are shown in UTC');
    expect(within(notice).getByRole('link', { name: 'Confirm time zone' })).toHaveAttribute(
      'href',
      '/events/e1/settings',
    );
    expect(screen.getByTestId('banner-date')).toHaveTextContent('June 12, 2099, 10:00 PM UTC');
    unmount();
    renderDashboard('attendee', { ...NAPA, timeZone: null });
    expect(screen.queryByTestId('time-zone-notice')).not.toBeInTheDocument();
    renderDashboard('admin', NAPA);
    expect(screen.queryByTestId('time-zone-notice')).not.toBeInTheDocument();
  });
});

describe('DashboardPage: the host’s questions and capacity', () => {
  const QUESTIONS: GuestQuestion[] = [
    {
      id: 'diet',
      label: 'Dietary needs',
      kind: 'single',
      options: ['None', 'Vegetarian', 'Vegan'],
      required: true,
    },
    { id: 'access', label: 'Accessibility needs', kind: 'text', options: [], required: true },
    { id: 'song', label: 'Song request', kind: 'text', options: [], required: false },
  ];
  const WITH_QUESTIONS = { ...EVENT, questions: QUESTIONS };

  it('"Your answers" reads the member’s own answers back; none stored or no questions, no card', () => {
    rsvp.useMyGuestAnswers.mockReturnValue({ diet: 'Vegan', access: 'Step-free access' });
    const { unmount } = renderDashboard('attendee', WITH_QUESTIONS);
    const card = screen.getByTestId('your-answers');
    expect(within(card).getByText('Dietary needs').nextElementSibling).toHaveTextContent('Vegan');
    expect(within(card).getByText('Song request').nextElementSibling).toHaveTextContent(
      'No answer',
    );
    expect(rsvp.useMyGuestAnswers).toHaveBeenCalledWith('e1', 'u1');
    unmount();
    rsvp.useMyGuestAnswers.mockReturnValue(null);
    const never = renderDashboard('attendee', WITH_QUESTIONS);
    expect(screen.queryByTestId('your-answers')).not.toBeInTheDocument();
    never.unmount();
    rsvp.useMyGuestAnswers.mockReturnValue({ diet: 'Vegan' });
    renderDashboard('attendee', EVENT);
    expect(screen.queryByTestId('your-answers')).not.toBeInTheDocument();
  });

  it('edits the answers: required ones stay required while going; the server’s refusal is said in the dialog', async () => {
    dash.useSchedule.mockReturnValue({
      loading: false,
      items: [scheduleItem('s1', { myStatus: 'going' })],
      goingHeads: 1,
    });
    rsvp.useMyGuestAnswers.mockReturnValue({ diet: 'Vegan', access: 'Step-free access' });
    rsvp.saveMyAnswers
      .mockRejectedValueOnce(new ApiError(400, '“Dietary needs” has no option “Vegan”'))
      .mockResolvedValue({});
    renderDashboard('attendee', WITH_QUESTIONS);
    await userEvent.click(screen.getByRole('button', { name: 'Edit answers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your answers' });
    expect(within(dialog).getByRole('radio', { name: 'Vegan' })).toBeChecked();
    const access = within(dialog).getByRole('textbox', { name: /Accessibility needs/ });
    await userEvent.clear(access);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    expect(
      await within(dialog).findByText('Please answer “Accessibility needs”'),
    ).toBeInTheDocument();
    expect(rsvp.saveMyAnswers).not.toHaveBeenCalled();
    await userEvent.type(access, 'Hearing loop');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Song request' }), ' Abba ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '“Dietary needs” has no option “Vegan”',
    );
    await userEvent.click(within(dialog).getByRole('radio', { name: 'None' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    await waitFor(() =>
      expect(rsvp.saveMyAnswers).toHaveBeenLastCalledWith('e1', {
        diet: 'None',
        access: 'Hearing loop',
        song: 'Abba',
      }),
    );
    expect(await screen.findByText('Answers saved')).toBeInTheDocument();
  });

  it('not going anywhere, a required answer may be cleared', async () => {
    rsvp.useMyGuestAnswers.mockReturnValue({ diet: 'Vegan', access: 'Step-free access' });
    rsvp.saveMyAnswers.mockResolvedValue({});
    renderDashboard('attendee', WITH_QUESTIONS);
    await userEvent.click(screen.getByRole('button', { name: 'Edit answers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your answers' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Accessibility needs/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(rsvp.saveMyAnswers).toHaveBeenCalledWith('e1', { diet: 'Vegan' }));
  });

  it('the RSVPs stat counts heads', () => {
    dash.useSchedule.mockReturnValue({ loading: false, items: [], goingHeads: 42 });
    renderDashboard();
    expect(screen.getByTestId('stat-going')).toHaveTextContent('42');
  });

  it('a creator on the Free plan finds capacity locked, with the plan message and the upgrade', async () => {
    plan.mockReturnValue({
      subscription: subscription('free', [1, 2]),
      loading: false,
      error: null,
      reload: vi.fn(),
    });
    dash.useSchedule.mockReturnValue({ loading: false, items: [], goingHeads: 0 });
    renderDashboard('creator');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Schedule Item' });
    expect(within(dialog).getByRole('textbox', { name: 'Capacity (optional)' })).toBeDisabled();
    expect(
      within(dialog).getByText('Capacity and waitlists need the Pro or Enterprise plan.'),
    ).toBeInTheDocument();
    expect(plan).toHaveBeenCalledWith(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    const upgrade = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    expect(
      within(upgrade).getByText(/Capacity and waitlists is not part of the Free plan/),
    ).toBeInTheDocument();
  });

  it('on Pro, a new item gets its capacity right after it is written; out of range says so', async () => {
    plan.mockReturnValue({
      subscription: subscription('paid', [1, 10]),
      loading: false,
      error: null,
      reload: vi.fn(),
    });
    dash.useSchedule.mockReturnValue({ loading: false, items: [], goingHeads: 0 });
    dash.addScheduleItem.mockResolvedValue(undefined);
    dash.setItemCapacity.mockResolvedValue({ capacity: 40, promoted: 0 });
    renderDashboard('creator');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Schedule Item' });
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Rehearsal dinner');
    await userEvent.type(within(dialog).getByLabelText(/Start Time/), '2027-06-11T19:30');
    const capacity = within(dialog).getByRole('textbox', { name: 'Capacity (optional)' });
    await userEvent.type(capacity, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(
      await within(dialog).findByText(
        'Capacity must be a whole number from 1 to 11000, or empty for no limit',
      ),
    ).toBeInTheDocument();
    expect(dash.addScheduleItem).not.toHaveBeenCalled();
    await userEvent.clear(capacity);
    await userEvent.type(capacity, '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(dash.setItemCapacity).toHaveBeenCalled());
    const newId = dash.addScheduleItem.mock.calls[0]![4];
    expect(newId).toMatch(/^\w{20}$/);
    expect(dash.setItemCapacity).toHaveBeenCalledWith('e1', newId, 40);
    expect(await screen.findByText('Schedule Item Added')).toBeInTheDocument();
  });

  it('another admin (the plan is the creator’s) clears a capacity, and hears the server when setting one is refused', async () => {
    dash.useSchedule.mockReturnValue({
      loading: false,
      items: [scheduleItem('s1', { capacity: 40 })],
      goingHeads: 0,
    });
    dash.updateScheduleItem.mockResolvedValue(undefined);
    dash.setItemCapacity.mockResolvedValue({ capacity: null, promoted: 2 });
    renderDashboard('admin');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Welcome Dinner' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Schedule Item' });
    // Not the creator: their own plan is not asked for.
    expect(plan).toHaveBeenCalledWith(false);
    const capacity = within(dialog).getByRole('textbox', { name: 'Capacity (optional)' });
    expect(capacity).toHaveValue('40');
    expect(capacity).toBeEnabled();
    await userEvent.clear(capacity);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dash.setItemCapacity).toHaveBeenCalledWith('e1', 's1', null));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dash.setItemCapacity.mockRejectedValue(
      new ApiError(403, 'Capacity and waitlists need the Pro or Enterprise plan'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit Welcome Dinner' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Schedule Item' });
    const again = within(dialog).getByRole('textbox', { name: 'Capacity (optional)' });
    await userEvent.clear(again);
    await userEvent.type(again, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Capacity not saved')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Welcome Dinner is on the schedule without the new capacity: Capacity and waitlists need the Pro or Enterprise plan',
      ),
    ).toBeInTheDocument();
  });

  it('admins limit an item to guest groups and see “Only: …” on it; other viewers read no groups', async () => {
    const party = { id: 'g1', eventId: 'e1', name: 'Wedding party', createdAt: null };
    const family = { id: 'g2', eventId: 'e1', name: 'Family', createdAt: null };
    groupsHook.mockReturnValue({ groups: [family, party], loading: false, error: null });
    dash.useSchedule.mockReturnValue({
      loading: false,
      items: [
        scheduleItem('s1'),
        scheduleItem('s2', {
          title: 'Rehearsal dinner',
          audience: 'groups',
          groupAccess: { g1: true },
        }),
      ],
      goingHeads: 0,
    });
    dash.updateScheduleItem.mockResolvedValue(undefined);
    renderDashboard('admin');
    const rows = screen.getAllByTestId('schedule-item');
    expect(within(rows[0]!).queryByTestId('item-limit')).toBeNull();
    expect(within(rows[1]!).getByTestId('item-limit')).toHaveTextContent('Only: Wedding party');

    // Editing the limited item without touching the ticks leaves its limit as it is.
    await userEvent.click(screen.getByRole('button', { name: 'Edit Rehearsal dinner' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Schedule Item' });
    expect(within(dialog).getByRole('checkbox', { name: 'Wedding party' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dash.updateScheduleItem).toHaveBeenLastCalledWith(
        testDb,
        'e1',
        's2',
        expect.objectContaining({ title: 'Rehearsal dinner', groupIds: undefined }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Limiting the open item to Family.
    await userEvent.click(screen.getByRole('button', { name: 'Edit Welcome Dinner' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Schedule Item' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Family' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(dash.updateScheduleItem).toHaveBeenLastCalledWith(
        testDb,
        'e1',
        's1',
        expect.objectContaining({ groupIds: ['g2'] }),
      ),
    );
    groupsHook.mockClear();
    renderDashboard('attendee');
    expect(groupsHook).toHaveBeenCalledWith('e1', false);
  });
});
