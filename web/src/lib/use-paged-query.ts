// A long list read page by page with cursors, live for the loaded window (docs/performance.md,
// "Paging"): the gallery, the guest list and the travel lists.
import {
  endAt,
  limit,
  onSnapshot,
  query,
  queryEqual,
  startAfter,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { PagedList, type PageDriver, type PagedListState } from './paged-list.ts';

export interface PagedQuery<T> extends PagedListState<T> {
  /** Asks for the next page (no-op while one is loading or when there is none). */
  loadMore(): void;
  /** The item indexes on screen: pages near them stay live, pages far away pause. */
  setVisibleRange(first: number, last: number): void;
}

/** Listens to ranges of `base` (which holds the order, and filters but no limit or cursor). */
export function firestorePageDriver<T>(base: Query<T>): PageDriver<QueryDocumentSnapshot<T>, T> {
  return {
    listen(range, onDocs, onError) {
      const constraints: QueryConstraint[] = [];
      if (range.after) constraints.push(startAfter(range.after));
      if (range.until) constraints.push(endAt(range.until));
      if (range.limit !== null) constraints.push(limit(range.limit));
      return onSnapshot(
        query(base, ...constraints),
        (snap) => onDocs(snap.docs),
        (err) => onError(err),
      );
    },
    read: (doc) => doc.data(),
    key: (doc) => doc.ref.path,
  };
}

/**
 * `base` paged `pageSize` documents at a time. A `base` equal to the previous one (queryEqual)
 * keeps the loaded pages, so callers need not memoise it; a different one starts over.
 */
export function usePagedQuery<T>(base: Query<T>, pageSize: number): PagedQuery<T> {
  const stable = useStableQuery(base);
  const [list, setList] = useState<PagedList<QueryDocumentSnapshot<T>, T> | null>(null);
  useEffect(() => {
    const next = new PagedList(firestorePageDriver(stable), pageSize);
    setList(next);
    return () => next.stop();
  }, [stable, pageSize]);
  const current = list && !list.isStopped ? list : null;
  const state = useSyncExternalStore(
    (onChange) => current?.subscribe(onChange) ?? (() => undefined),
    () => current?.state() ?? LOADING,
  ) as PagedListState<T>;
  const loadMore = useCallback(() => current?.loadMore(), [current]);
  const setVisibleRange = useCallback(
    (first: number, last: number) => current?.setVisibleRange(first, last),
    [current],
  );
  return { ...state, loadMore, setVisibleRange };
}

const LOADING: PagedListState<never> = {
  items: [],
  loading: true,
  loadingMore: false,
  hasMore: false,
  error: null,
};

/** The same Query object for as long as the query is equal, so effects run once per query. */
function useStableQuery<T>(q: Query<T>): Query<T> {
  const ref = useRef(q);
  if (ref.current !== q && !queryEqual(ref.current, q)) ref.current = q;
  return ref.current;
}
