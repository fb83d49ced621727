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
