import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ACTIVITY_LIMIT, type ActivityItem } from '@gatherly/domain/activity';
import * as activityData from '../../src/features/activity/data.ts';
import { RecentActivityCard } from '../../src/features/dashboard/RecentActivityCard.tsx';
import { makeMyEvent, makeMyEvents, makeScope, renderScreen } from '../render.tsx';

vi.mock('../../src/features/activity/data.ts', () => ({ useEventActivity: vi.fn() }));
const useEventActivity = vi.mocked(activityData.useEventActivity);

afterEach(() => vi.clearAllMocks());

function renderCard() {
  const mine = makeMyEvent('e1', 'attendee');
  return renderScreen(<RecentActivityCard eventId="e1" />, {
    path: '/events/e1',
    pattern: '/events/:eventId',
    myEvents: makeMyEvents([mine]),
    scope: makeScope(mine),
  });
}

const priya = { displayName: 'Priya Patel', photoURL: '' };
const shot = (n: number) => ({
  id: `p${n}`,
  path: `events/e1/thumbs/u2/p${n}.jpg`,
  url: `https://img.test/events/e1/thumbs/u2/p${n}.jpg`,
  caption: '',
});

describe('RecentActivityCard', () => {
  it('shows an upload batch as one line with its thumbnails, opening the viewer', async () => {
    const entries: ActivityItem[] = [
      {
        id: 'photo:u2:b1',
        kind: 'photo',
        at: Date.now() - 30_000,
        actor: priya,
        text: 'Priya Patel uploaded 5 photos',
        area: 'photos',
        photos: [shot(5), shot(4), shot(3), shot(2)],
        photoCount: 5,
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
    useEventActivity.mockReturnValue({ loading: false, error: undefined, entries });
    const { router } = renderCard();
    expect(useEventActivity).toHaveBeenCalledWith('e1', DEFAULT_ACTIVITY_LIMIT);
    const rows = screen.getAllByTestId('activity-entry');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Priya Patel uploaded 5 photos');
    expect(within(rows[0]!).getAllByTestId('activity-thumbnail')).toHaveLength(4);
    expect(within(rows[1]!).queryByRole('list')).not.toBeInTheDocument();
    const more = within(rows[0]!).getByRole('link', { name: '1 more photo: open the gallery' });
    expect(more).toHaveTextContent('+1');
    await userEvent.click(within(rows[0]!).getByRole('link', { name: 'Open photo 2 of 5' }));
    expect(router.state.location.pathname).toBe('/events/e1/photos/p4');
  });
});
