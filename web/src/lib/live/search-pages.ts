// A paged list with an optional search (docs/performance.md, "Search"): the query holds the
// first word (`searchTokens array-contains`), the further words filter the loaded pages here,
// and a page that filters down short loads the next one.
import type { Query } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { usePagedQuery } from './paged-query.ts';

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

/**
 * Once the reader scrolls, load the next page this many items before the end of the loaded
 * ones. Before that only slots on screen that have no item yet load it: opening a list reads
 * what it shows, not a page ahead (docs/performance.md, "Paging").
 */
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

  const scrolled = useReaderScrolled(loadOnScroll);

  // Near the end of what is loaded (or a page filtered down short): the next page.
  useEffect(() => {
    if (!loadOnScroll || loading || loadingMore || !hasMore) return;
    const ahead = scrolled ? PREFETCH_ITEMS : 0;
    if (visible.last >= items.length - ahead) loadMore();
  }, [loadOnScroll, loading, loadingMore, hasMore, visible.last, items.length, loadMore, scrolled]);

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

/** True from the reader's first scroll of the page (the lists scroll with the window). */
function useReaderScrolled(watch: boolean): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!watch || scrolled) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [watch, scrolled]);
  return scrolled;
}
