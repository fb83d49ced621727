// The gallery's photos in cursor pages (docs/performance.md, "Photos"): newest first, optionally
// featured only or matching a search, live for the loaded window, with the caller's votes on the
// photos near the screen only.
import { useMemo } from 'react';
import { useDb } from '../../lib/live/index.ts';
import { searchQuery } from '@gatherly/domain/search';
import { useSearchPages } from '../../lib/live/index.ts';
import type { PhotoDoc } from '../../lib/types.ts';
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

export function usePhotoPages(
  eventId: string,
  uid: string,
  filter: { featured: boolean; search: string },
  pageSize: number,
): PhotoPages {
  const db = useDb();
  const search = useMemo(() => searchQuery(filter.search), [filter.search]);
  const matches = useMemo(
    () => (search ? (p: PhotoDoc) => search.matches(p.searchTokens) : null),
    [search],
  );
  const pages = useSearchPages(
    galleryQuery(db, eventId, { featured: filter.featured, token: search?.token ?? null }),
    pageSize,
    matches,
  );
  const { items, visible } = pages;
  // The caller's votes on the photos on screen and a page either side.
  const nearIds = useMemo(
    () =>
      items
        .slice(Math.max(visible.first - pageSize, 0), visible.last + pageSize + 1)
        .map((p) => p.id),
    [items, visible, pageSize],
  );
  const voted = useMyVotes(eventId, uid, nearIds);
  const photos = useMemo(() => withMyVotes(items, voted), [items, voted]);
  return {
    loading: pages.loading,
    error: pages.error,
    photos,
    hasMore: pages.hasMore,
    setVisibleRange: pages.setVisibleRange,
  };
}
