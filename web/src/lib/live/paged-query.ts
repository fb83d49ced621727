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
import { useEffect, useState, useSyncExternalStore } from 'react';
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

/** Holds the PagedList of the current query; the screen subscribes to the holder. */
class PagedQueryStore<T> {
  private list: PagedList<QueryDocumentSnapshot<T>, T> | null = null;
  private listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  /** The query the current list pages (until the effect starts the next one). */
  query: Query<T> | null = null;

  start(base: Query<T>, pageSize: number): () => void {
    const list = new PagedList(firestorePageDriver(base), pageSize);
    this.list = list;
    this.query = base;
    this.unsubscribe = list.subscribe(() => this.emit());
    this.emit();
    return () => {
      this.unsubscribe?.();
      list.stop();
      if (this.list === list) this.list = null;
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  state = (): PagedListState<T> => this.list?.state() ?? (LOADING as PagedListState<T>);

  loadMore = () => this.list?.loadMore();

  setVisibleRange = (first: number, last: number) => this.list?.setVisibleRange(first, last);

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/**
 * `base` paged `pageSize` documents at a time. A `base` equal to the previous one (queryEqual)
 * keeps the loaded pages, so callers need not memoise it; a different one starts over.
 */
export function usePagedQuery<T>(base: Query<T>, pageSize: number): PagedQuery<T> {
  // The query as of the last change (derived state: replaced only when it really differs).
  const [stable, setStable] = useState(base);
  if (stable !== base && !queryEqual(stable, base)) setStable(base);
  const [store] = useState(() => new PagedQueryStore<T>());
  useEffect(() => store.start(stable, pageSize), [store, stable, pageSize]);
  const current = useSyncExternalStore(store.subscribe, store.state);
  // A new query shows as loading, never with the previous query's items.
  const state = store.query === stable ? current : (LOADING as PagedListState<T>);
  return { ...state, loadMore: store.loadMore, setVisibleRange: store.setVisibleRange };
}

const LOADING: PagedListState<never> = {
  items: [],
  loading: true,
  loadingMore: false,
  hasMore: false,
  error: null,
};
