// When a paged list asks for its next page: at the top, only for slots on screen without an item
// (an open reads what it shows); once the reader scrolls, a few items ahead of the end.
import { act, renderHook } from '@testing-library/react';
import type { Query } from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as paged from '../../src/lib/live/paged-query.ts';
import { useSearchPages } from '../../src/lib/live/search-pages.ts';

vi.mock('../../src/lib/live/paged-query.ts', () => ({ usePagedQuery: vi.fn() }));

const loadMore = vi.fn();
const nine = Array.from({ length: 9 }, (_, i) => ({ id: `f${i}` }));

beforeEach(() => {
  loadMore.mockReset();
  vi.mocked(paged.usePagedQuery).mockReturnValue({
    items: nine,
    loading: false,
    loadingMore: false,
    hasMore: true,
    error: null,
    loadMore,
    setVisibleRange: vi.fn(),
  });
});

const base = {} as Query<{ id: string }>;

describe('useSearchPages', () => {
  it('opening with every slot on screen filled reads no page ahead, until the reader scrolls', () => {
    const { result } = renderHook(() => useSearchPages(base, 9, null));
    // Three rows of three on screen: all nine loaded items, no empty slot.
    act(() => result.current.setVisibleRange(0, 8));
    expect(loadMore).not.toHaveBeenCalled();

    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('an empty slot on screen loads the next page at once', () => {
    const { result } = renderHook(() => useSearchPages(base, 9, null));
    act(() => result.current.setVisibleRange(0, 11));
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('lists that page on a button never load on their own', () => {
    const { result } = renderHook(() => useSearchPages(base, 9, null, { loadOnScroll: false }));
    act(() => result.current.setVisibleRange(0, 11));
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(loadMore).not.toHaveBeenCalled();
  });
});
