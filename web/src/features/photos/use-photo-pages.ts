// The gallery's photos in cursor pages (docs/performance.md, "Photos"): newest first, optionally
// featured only or matching a search, live for the loaded window, with the caller's votes on the
// photos near the screen only.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useFirestore } from 'reactfire';
import { searchQuery } from '@gatherly/domain/search';
import { usePagedQuery } from '../../lib/use-paged-query.ts';
import { galleryQuery, useMyVotes, withMyVotes, type GalleryPhoto } from './data.ts';

export interface PhotoPages {
  loading: boolean;
  error: Error | null;
  /** The loaded photos that match (a search's further words filter the loaded pages). */
  photos: GalleryPhoto[];
  /** More may follow the loaded photos. */
  hasMore: boolean;
  /** Report the item indexes on screen: drives the next page and which pages stay live. */
  setVisibleRange(first: number, last: number): void;
}

/** Load the next page once the screen is this many photos from the end of the loaded ones. */
const PREFETCH_ITEMS = 8;

export function usePhotoPages(
  eventId: string,
  uid: string,
  filter: { featured: boolean; search: string },
  pageSize: number,
): PhotoPages {
  const db = useFirestore();
  const search = useMemo(() => searchQuery(filter.search), [filter.search]);
  const pages = usePagedQuery(
    galleryQuery(db, eventId, { featured: filter.featured, token: search?.token ?? null }),
    pageSize,
  );
  const matching = useMemo(
    () => (search ? pages.items.filter((p) => search.matches(p.searchTokens)) : pages.items),
    [pages.items, search],
  );
  const [visible, setVisible] = useState({ first: 0, last: 0 });
  const { setVisibleRange: setPagedRange, loadMore, hasMore, loadingMore, loading } = pages;

  const setVisibleRange = useCallback((first: number, last: number) => {
    setVisible((v) => (v.first === first && v.last === last ? v : { first, last }));
  }, []);

  // Map the screen's indexes (over the matching photos) to the loaded list's, for the pager.
  useEffect(() => {
    const firstShown = matching[visible.first];
    const lastShown = matching[Math.min(visible.last, matching.length - 1)];
    const first = firstShown ? pages.items.indexOf(firstShown) : pages.items.length;
    const last = lastShown ? pages.items.indexOf(lastShown) : pages.items.length;
    setPagedRange(Math.max(first, 0), Math.max(last, first, 0));
  }, [matching, pages.items, visible, setPagedRange]);

  // Near the end of what is loaded (or a search page filtered down short): the next page.
  useEffect(() => {
    if (loading || loadingMore || !hasMore) return;
    if (visible.last >= matching.length - PREFETCH_ITEMS) loadMore();
  }, [loading, loadingMore, hasMore, visible.last, matching.length, loadMore]);

  // The caller's votes on the photos on screen and a page either side.
  const nearIds = useMemo(
    () =>
      matching
        .slice(Math.max(visible.first - pageSize, 0), visible.last + pageSize + 1)
        .map((p) => p.id),
    [matching, visible, pageSize],
  );
  const voted = useMyVotes(eventId, uid, nearIds);
  const photos = useMemo(() => withMyVotes(matching, voted), [matching, voted]);

  return { loading, error: pages.error, photos, hasMore, setVisibleRange };
}
