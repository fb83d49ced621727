// A paged list with an optional search (docs/performance.md, "Search"): the query holds the
// first word (`searchTokens array-contains`), the further words filter the loaded pages here,
// and a page that filters down short loads the next one.
import type { Query } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { usePagedQuery } from './use-paged-query.ts';

export interface SearchPages<T> {
  loading: boolean;
  error: Error | null;
  /** The loaded items that match. */
  items: T[];
  /** More may follow the loaded items. */
  hasMore: boolean;
  /** The item indexes (into `items`) on screen. */
  visible: { first: number; last: number };
  /** Report the item indexes on screen: drives the next page and which pages stay live. */
  setVisibleRange(first: number, last: number): void;
  /** True while a next page is on its way. */
  loadingMore: boolean;
  /** Asks for the next page (lists that page on a button rather than on scrolling). */
  loadMore(): void;
}

/** Load the next page once the screen is this many items from the end of the loaded ones. */
const PREFETCH_ITEMS = 4;

export function useSearchPages<T>(
  base: Query<T>,
  pageSize: number,
  matches: ((item: T) => boolean) | null,
  { loadOnScroll = true }: { loadOnScroll?: boolean } = {},
): SearchPages<T> {
  const pages = usePagedQuery(base, pageSize);
  const { items: loaded, setVisibleRange: setPagedRange, loadMore } = pages;
  const { hasMore, loadingMore, loading } = pages;
  const items = useMemo(() => (matches ? loaded.filter(matches) : loaded), [loaded, matches]);
  const [visible, setVisible] = useState({ first: 0, last: 0 });

  const setVisibleRange = useCallback((first: number, last: number) => {
    setVisible((v) => (v.first === first && v.last === last ? v : { first, last }));
  }, []);

  // The screen's indexes are over the matching items; the pager's over the loaded ones.
  useEffect(() => {
    const firstShown = items[visible.first];
    const lastShown = items[Math.min(visible.last, items.length - 1)];
    const first = firstShown ? loaded.indexOf(firstShown) : loaded.length;
    const last = lastShown ? loaded.indexOf(lastShown) : loaded.length;
    setPagedRange(Math.max(first, 0), Math.max(last, first, 0));
  }, [items, loaded, visible, setPagedRange]);

  // Near the end of what is loaded (or a page filtered down short): the next page.
  useEffect(() => {
    if (!loadOnScroll || loading || loadingMore || !hasMore) return;
    if (visible.last >= items.length - PREFETCH_ITEMS) loadMore();
  }, [loadOnScroll, loading, loadingMore, hasMore, visible.last, items.length, loadMore]);

  return {
    loading,
    error: pages.error,
    items,
    hasMore,
    visible,
    setVisibleRange,
    loadingMore,
    loadMore,
  };
}
