// The photo wall screen fed by a mocked wall endpoint: the first answer shows a photo with its
// uploader and caption, a hidden photo leaves at the next poll, a new upload shows next, the
// keys move and pause, offline it keeps the photo it has until the next one can load, and a
// revoked link shows the server's sentence.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WALL_MESSAGES, type WallFeed, type WallPhoto } from '@gatherly/domain/wall';
import { DEFAULT_THEME_COLORS } from '@gatherly/domain/entities/events';
import LinkWallPage from '../../src/features/wall/LinkWallPage.tsx';
import { apiRequest } from '../../src/lib/api.ts';
import { ApiError } from '../api-mock.ts';
import { renderScreen } from '../render.tsx';

vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const SECRET = 'S'.repeat(43);
const photo = (id: string, minute: number, extra: Partial<WallPhoto> = {}): WallPhoto => ({
  id,
  imageUrl: `https://img.test/${id}.jpg`,
  thumbUrl: `https://img.test/${id}-t.jpg`,
  uploaderName: `Guest ${id}`,
  caption: `Caption ${id}`,
  votes: 0,
  featured: false,
  uploadedAt: new Date(Date.UTC(2027, 5, 1, 20, minute)).toISOString(),
  ...extra,
});
const feed = (part: Partial<WallFeed>): WallFeed => ({
  wall: {
    eventName: 'Garden Party',
    colors: { ...DEFAULT_THEME_COLORS },
    logoUrl: '',
    qrUrl: 'http://app.test/events/e1/photos?upload=1',
    paceSeconds: 20,
  },
  full: false,
  photos: [],
  removed: [],
  cursor: 1000,
  more: false,
  ...part,
});

/** Answers the wall's polls in order; the last answer repeats. */
function answers(...list: (WallFeed | ApiError)[]) {
  const paths: string[] = [];
  api.mockImplementation(async (_method, path) => {
    paths.push(path);
    const next = list.length > 1 ? list.shift()! : list[0]!;
    if (next instanceof ApiError) throw next;
    return next;
  });
  return paths;
}

const shown = () => screen.getByTestId('wall').getAttribute('data-current');

/** Image URLs that fail to load (jsdom loads no image: this stands in for the network). */
const unreachable = new Set<string>();
class TestImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(url: string) {
    queueMicrotask(() => (unreachable.has(url) ? this.onerror?.() : this.onload?.()));
  }
}
beforeEach(() => {
  vi.stubGlobal('Image', TestImage);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  unreachable.clear();
  api.mockReset();
});

describe('photo wall', () => {
  it('shows photos, drops a hidden one at the next poll, shows a new upload next', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const paths = answers(
      feed({ full: true, photos: [photo('a', 1), photo('b', 2, { featured: true })] }),
      feed({ removed: ['b'] }),
      feed({ photos: [photo('c', 9)], cursor: 2000 }),
      feed({ cursor: 2000 }),
    );
    renderScreen(<LinkWallPage />, { path: `/wall/${SECRET}`, pattern: '/wall/:secret' });
    await waitFor(() => expect(shown()).toBe('b'));
    expect(screen.getByTestId('wall-caption')).toHaveTextContent('Guest b');
    expect(screen.getByText('Garden Party')).toBeInTheDocument();
    expect(paths[0]).toBe(`/api/walls/${SECRET}`);
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(shown()).toBe('a'));
    expect(paths[1]).toBe(`/api/walls/${SECRET}?since=1000`);
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(shown()).toBe('c'));
  });

  it('moves with the keys and pauses', async () => {
    answers(feed({ full: true, photos: [photo('a', 1), photo('b', 2), photo('c', 3)] }));
    renderScreen(<LinkWallPage />, { path: `/wall/${SECRET}`, pattern: '/wall/:secret' });
    await waitFor(() => expect(shown()).toBe('c'));
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    });
    expect(shown()).toBe('b');
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'p' }));
    });
    expect(shown()).toBe('c');
    await act(async () => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));
    });
    expect(screen.getByTestId('wall-status')).toHaveTextContent('Paused');
  });

  it('offline, keeps the photo it has until the next one can load, then shows it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    unreachable.add('https://img.test/c.jpg');
    answers(
      feed({ full: true, photos: [photo('a', 1)] }),
      feed({ photos: [photo('c', 9)], cursor: 2000 }),
      new ApiError(0, 'Failed to fetch'),
    );
    renderScreen(<LinkWallPage />, { path: `/wall/${SECRET}`, pattern: '/wall/:secret' });
    await waitFor(() => expect(shown()).toBe('a'));
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(await screen.findByTestId('wall-status')).toHaveTextContent('Offline');
    // A new upload waits 0.8 s, but its image cannot load: the wall stays on the one it has.
    for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(shown()).toBe('a');
    expect(screen.getByTestId('wall-photo')).toHaveAttribute('data-photo-id', 'a');
    // Back online: the next try loads it and it shows.
    unreachable.clear();
    answers(feed({ cursor: 2000 }));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(shown()).toBe('c'));
  });

  it('online, passes over a photo whose image is gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    unreachable.add('https://img.test/c.jpg');
    answers(
      feed({ full: true, photos: [photo('a', 1)] }),
      feed({ photos: [photo('c', 9), photo('d', 10)], cursor: 2000 }),
      feed({ cursor: 2000 }),
    );
    renderScreen(<LinkWallPage />, { path: `/wall/${SECRET}`, pattern: '/wall/:secret' });
    await waitFor(() => expect(shown()).toBe('a'));
    await act(() => vi.advanceTimersByTimeAsync(1600));
    for (let i = 0; i < 2; i++) await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(shown()).toBe('d'));
  });

  it('shows the sentence once the link is revoked', async () => {
    answers(new ApiError(404, WALL_MESSAGES.linkNotFound));
    renderScreen(<LinkWallPage />, { path: `/wall/${SECRET}`, pattern: '/wall/:secret' });
    expect(await screen.findByRole('alert')).toHaveTextContent(WALL_MESSAGES.linkNotFound);
  });
});
