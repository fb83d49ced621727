import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildActivityFeed, type ActivityItem } from '@gatherly/domain/activity';
import ActivityPage, { ACTIVITY_PAGE_SIZE } from '../../src/features/activity/ActivityPage.tsx';
import * as activityData from '../../src/features/activity/data.ts';
import { makeMyEvent, makeMyEvents, makeScope, renderScreen } from '../render.tsx';
import { carpool, flight, member, photo, ts } from './fixtures.ts';

vi.mock('../../src/features/activity/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/activity/data.ts')>()),
  useActivityPages: vi.fn(),
}));
const data = vi.mocked(activityData);

function feed(entries: ActivityItem[], overrides: Partial<activityData.ActivityPages> = {}) {
  data.useActivityPages.mockReturnValue({
    loading: false,
    error: undefined,
    entries,
    hasMore: false,
    loadingMore: false,
    loadMore: vi.fn(),
    ...overrides,
  });
}

function renderActivity() {
  const mine = makeMyEvent('e1', 'attendee');
  return renderScreen(<ActivityPage />, {
    path: '/events/e1/activity',
    pattern: '/events/:eventId/activity',
    myEvents: makeMyEvents([mine]),
    scope: makeScope(mine),
  });
}

afterEach(() => vi.clearAllMocks());

describe('ActivityPage', () => {
  it('shows placeholders while loading', () => {
    feed([], { loading: true });
    renderActivity();
    expect(screen.getByRole('heading', { name: 'Recent Activity' })).toBeInTheDocument();
    expect(screen.getByTestId('activity-loading')).toBeInTheDocument();
    expect(data.useActivityPages).toHaveBeenCalledWith('e1', ACTIVITY_PAGE_SIZE);
  });

  it('shows the empty state', () => {
    feed([]);
    renderActivity();
    expect(screen.getByText('No Activity Yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Event' })).toHaveAttribute(
      'href',
      '/events/e1',
    );
  });

  it('lists the feed built from the event data, newest first, each linking to its area', () => {
    const entries = buildActivityFeed(
      {
        members: [member('u3', 'attendee', 'Alan Turing')],
        photos: [photo('p1', { caption: 'Sunset' })],
        flights: [flight('f1')],
        carpools: [carpool('c1')],
      },
      ACTIVITY_PAGE_SIZE,
    );
    feed(entries);
    renderActivity();
    const rows = screen.getAllByTestId('activity-entry');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByRole('link')).toHaveTextContent('Alan Turing joined the event');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/events/e1/members');
    expect(
      screen.getByRole('link', { name: /Grace Hopper uploaded a photo: “Sunset”/ }),
    ).toHaveAttribute('href', '/events/e1/photos');
    expect(
      screen.getByRole('link', { name: /Grace Hopper added a flight from SFO to JFK/ }),
    ).toHaveAttribute('href', '/events/e1/travel');
    expect(
      screen.getByRole('link', { name: /is offering a carpool from Downtown to Venue/ }),
    ).toBeInTheDocument();
  });

  it('loads the next page of the feed on Load more', async () => {
    const loadMore = vi.fn();
    feed(buildActivityFeed({ photos: [photo('p1')] }, ACTIVITY_PAGE_SIZE), {
      hasMore: true,
      loadMore,
    });
    renderActivity();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(loadMore).toHaveBeenCalled();
  });
});

describe('photo upload batches', () => {
  const grace = { displayName: 'Grace Hopper', photoURL: '' };
  const shot = (n: number, caption = '') => ({
    id: `p${n}`,
    path: `events/e1/thumbs/u2/p${n}.jpg`,
    url: `https://img.test/events/e1/thumbs/u2/p${n}.jpg`,
    caption,
  });
  const batch = (count: number, photos: ReturnType<typeof shot>[]): ActivityItem => ({
    id: 'photo:u2:b1',
    kind: 'photo',
    at: Date.now() - 60_000,
    actor: grace,
    text: count === 1 ? 'Grace Hopper uploaded a photo' : `Grace Hopper uploaded ${count} photos`,
    area: 'photos',
    photos,
    photoCount: count,
  });

  it('shows one line with the newest thumbnails, each opening the viewer, then "+N"', async () => {
    feed([batch(6, [shot(6, 'Cake'), shot(5), shot(4), shot(3)])]);
    const { router } = renderActivity();
    const [row] = screen.getAllByTestId('activity-entry');
    expect(
      within(row!).getByRole('link', { name: /Grace Hopper uploaded 6 photos/ }),
    ).toHaveAttribute('href', '/events/e1/photos');
    const list = within(row!).getByRole('list', { name: 'Uploaded photos' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Open photo 1 of 6: Cake',
      'Open photo 2 of 6',
      'Open photo 3 of 6',
      'Open photo 4 of 6',
      '2 more photos: open the gallery',
    ]);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/events/e1/photos/p6',
      '/events/e1/photos/p5',
      '/events/e1/photos/p4',
      '/events/e1/photos/p3',
      '/events/e1/photos',
    ]);
    expect(links[4]).toHaveTextContent('+2');
    expect(within(links[0]!).getByRole('presentation')).toHaveAttribute(
      'src',
      'https://img.test/events/e1/thumbs/u2/p6.jpg',
    );
    // Keyboard: Tab reaches the thumbnails in order, Enter opens the photo.
    links[0]!.focus();
    await userEvent.tab();
    expect(links[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/events/e1/photos/p5');
  });

  it('a batch of one keeps the single photo line; every thumbnail shown means no "+N"', () => {
    feed([batch(1, [shot(1, 'Sunset')]), { ...batch(3, [shot(4), shot(3), shot(2)]), id: 'b2' }]);
    renderActivity();
    const [one, three] = screen.getAllByTestId('activity-entry');
    expect(within(one!).getByRole('link', { name: 'Open the photo: Sunset' })).toHaveAttribute(
      'href',
      '/events/e1/photos/p1',
    );
    expect(within(three!).getAllByTestId('activity-thumbnail')).toHaveLength(3);
    expect(within(three!).queryByText(/^\+/)).not.toBeInTheDocument();
  });

  it('reads a stored batch line into its thumbnails and count', () => {
    const item = activityData.activityItem({
      id: 'photo:u2:b1',
      kind: 'photo',
      actor: grace,
      subjectId: 'u2:b1',
      title: 'Grace Hopper uploaded 6 photos',
      at: ts('2099-01-01T10:00:00.000Z'),
      count: 6,
      photos: [shot(6), shot(5)],
    });
    expect(item).toMatchObject({ photos: [shot(6), shot(5)], photoCount: 6, area: 'photos' });
    // Lines from before batches have no thumbnails to show.
    expect(
      activityData.activityItem({
        id: 'photo:p1',
        kind: 'photo',
        actor: grace,
        subjectId: 'p1',
        title: 'Grace Hopper uploaded a photo',
        at: null,
        count: 1,
        photos: [],
      }),
    ).not.toHaveProperty('photos');
  });
});

describe('activityItem', () => {
  it('shows a stored feed entry with its sentence, its area and its time', () => {
    const at = ts('2099-01-01T10:00:00.000Z');
    expect(
      activityData.activityItem({
        id: 'flight:f1',
        kind: 'flight',
        actor: { displayName: 'Grace Hopper', photoURL: '' },
        subjectId: 'f1',
        title: 'Grace Hopper added a flight from SFO to JFK',
        at,
      }),
    ).toEqual({
      id: 'flight:f1',
      kind: 'flight',
      actor: { displayName: 'Grace Hopper', photoURL: '' },
      text: 'Grace Hopper added a flight from SFO to JFK',
      area: 'travel',
      at: at.toMillis(),
    });
    const pending = activityData.activityItem(
      { id: 'schedule:s1', kind: 'schedule', actor: null, subjectId: 's1', title: 'x', at: null },
      42,
    );
    expect([pending.at, pending.area]).toEqual([42, '']);
  });
});
