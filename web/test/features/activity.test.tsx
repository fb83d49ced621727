import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildActivityFeed } from '@gatherly/domain/activity';
import ActivityPage, { ACTIVITY_PAGE_SIZE } from '../../src/features/activity/ActivityPage.tsx';
import * as activityData from '../../src/features/activity/data.ts';
import { makeMyEvent, makeMyEvents, makeScope, renderScreen } from '../render.tsx';
import { carpool, flight, member, photo } from './fixtures.ts';

vi.mock('../../src/features/activity/data.ts', () => ({ useEventActivity: vi.fn() }));
const data = vi.mocked(activityData);

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
    data.useEventActivity.mockReturnValue({ loading: true, error: undefined, entries: [] });
    renderActivity();
    expect(screen.getByRole('heading', { name: 'Recent Activity' })).toBeInTheDocument();
    expect(screen.getByTestId('activity-loading')).toBeInTheDocument();
    expect(data.useEventActivity).toHaveBeenCalledWith('e1', ACTIVITY_PAGE_SIZE);
  });

  it('shows the empty state', () => {
    data.useEventActivity.mockReturnValue({ loading: false, error: undefined, entries: [] });
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
    data.useEventActivity.mockReturnValue({ loading: false, error: undefined, entries });
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
});
