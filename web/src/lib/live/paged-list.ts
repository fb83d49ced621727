// Cursor paging that stays live for the loaded window (docs/performance.md, "Paging"), apart
// from Firestore so the bookkeeping is testable: a `PageDriver` listens to one range of the
// ordered list, this module decides which ranges exist and which of them listen.
//
// - The newest page listens to `limit(pageSize)` after the previous page's last document (the
//   first page: from the top). When the next page is asked for, its range is fixed to
//   `endAt(its last document)` and the next page starts after that document. Ranges instead of
//   limits mean an insert or delete inside a page changes that page only; nothing shifts
//   between pages. The first page has no start, so new documents at the top arrive live.
// - Fixing a page does not listen to it again (that would read its documents a second time on
//   every next page): its limit listener stays while it answers exactly the fixed range, and
//   only the first insert or delete that shifts it makes the page listen to its range.
// - Only pages within one page of the rendered items listen; a page scrolled away keeps its
//   last snapshot and listens again when it comes back into the window.

/** One range of the ordered list: after `after` (exclusive), up to `until` (inclusive). */
export interface PageRange<D> {
  after: D | null;
  until: D | null;
  /** Set on the open last page only. */
  limit: number | null;
}

export interface PageDriver<D, T> {
  /** Listens to `range`; `onDocs` gets the range's documents in order, on every change. */
  listen(
    range: PageRange<D>,
    onDocs: (docs: D[]) => void,
    onError: (err: Error) => void,
  ): () => void;
  /** A document's value as the screen shows it. */
  read(doc: D): T;
  /** A document's identity (stable across snapshots). */
  key(doc: D): string;
}

export interface PagedListState<T> {
  /** The loaded items of every page, in order. */
  items: T[];
  /** True until the first page has answered once. */
  loading: boolean;
  /** True while a page asked for by `loadMore` has not answered yet. */
  loadingMore: boolean;
  /** The last page came back full: there may be more after it. */
  hasMore: boolean;
  error: Error | null;
}

interface Page<D> {
  after: D | null;
  /** The fixed end of a page that is not the last one; null = open (limit). */
  until: D | null;
  docs: D[];
  loaded: boolean;
  unsubscribe: (() => void) | null;
}

/** How many pages on either side of the rendered items keep listening. */
const LIVE_MARGIN_PAGES = 1;

export class PagedList<D, T> {
  private pages: Page<D>[] = [];
  private error: Error | null = null;
  private visible: { first: number; last: number } = { first: 0, last: 0 };
  private listeners = new Set<() => void>();
  private snapshot: PagedListState<T>;
  private stopped = false;

  /** True once `stop` ran: the list no longer changes. */
  get isStopped(): boolean {
    return this.stopped;
  }

  constructor(
    private readonly driver: PageDriver<D, T>,
    private readonly pageSize: number,
  ) {
    this.snapshot = this.build();
    this.pages.push({ after: null, until: null, docs: [], loaded: false, unsubscribe: null });
    this.syncListeners();
    this.snapshot = this.build();
  }

  state(): PagedListState<T> {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks for the next page; ignored while the last page is loading or came back short. */
  loadMore(): void {
    if (this.stopped || !this.snapshot.hasMore) return;
    const last = this.pages[this.pages.length - 1];
    const end = last?.docs[last.docs.length - 1];
    if (!last || end === undefined) return;
    // Fix the last page's range at its last document (its listener stays until the range
    // shifts, see `start`), then open the next page after it.
    last.until = end;
    this.pages.push({ after: end, until: null, docs: [], loaded: false, unsubscribe: null });
    // The new page is where the reader is heading: keep the window on it.
    this.visible = { first: this.visible.first, last: Math.max(this.visible.last, this.count()) };
    this.syncListeners();
    this.changed();
  }

  /** The items on screen (indexes into `items`): pages near them listen, others pause. */
  setVisibleRange(first: number, last: number): void {
    if (this.visible.first === first && this.visible.last === last) return;
    this.visible = { first, last };
    this.syncListeners();
  }

  /** Stops every listener (the screen went away or the query changed). */
  stop(): void {
    this.stopped = true;
    for (const page of this.pages) {
      page.unsubscribe?.();
      page.unsubscribe = null;
    }
  }

  private count(): number {
    return this.pages.reduce((n, p) => n + p.docs.length, 0);
  }

  private isLive(index: number): boolean {
    // The open last page always listens (it decides hasMore and takes appended documents).
    if (index === this.pages.length - 1) return true;
    let start = 0;
    for (let i = 0; i < index; i++) start += this.pages[i]?.docs.length ?? 0;
    const page = this.pages[index];
    const end = start + Math.max((page?.docs.length ?? 0) - 1, 0);
    const margin = this.pageSize * LIVE_MARGIN_PAGES;
    return end >= this.visible.first - margin && start <= this.visible.last + margin;
  }

  private syncListeners(): void {
    if (this.stopped) return;
    this.pages.forEach((page, index) => {
      const live = this.isLive(index);
      if (live && !page.unsubscribe) this.start(page);
      else if (!live && page.unsubscribe) {
        page.unsubscribe();
        page.unsubscribe = null;
      }
    });
  }

  private restart(page: Page<D>): void {
    page.unsubscribe?.();
    page.unsubscribe = null;
    this.start(page);
  }

  private start(page: Page<D>): void {
    const range: PageRange<D> = {
      after: page.after,
      until: page.until,
      limit: page.until === null ? this.pageSize : null,
    };
    let active = true;
    const stop = this.driver.listen(
      range,
      (docs) => {
        if (!active) return;
        // A fixed page still on its limit listener: an insert or delete moved the window off
        // the range, so listen to the range itself (once; these docs are not the page's).
        if (range.limit !== null && page.until !== null && !this.endsAt(docs, page.until)) {
          this.restart(page);
          return;
        }
        page.docs = docs;
        page.loaded = true;
        this.changed();
      },
      (err) => {
        if (!active) return;
        this.error = err;
        page.loaded = true;
        this.changed();
      },
    );
    page.unsubscribe = () => {
      active = false;
      stop();
    };
  }

  private endsAt(docs: D[], end: D): boolean {
    const last = docs[docs.length - 1];
    return last !== undefined && this.driver.key(last) === this.driver.key(end);
  }

  private changed(): void {
    this.snapshot = this.build();
    for (const listener of this.listeners) listener();
  }

  private build(): PagedListState<T> {
    const seen = new Set<string>();
    const items: T[] = [];
    for (const page of this.pages) {
      for (const doc of page.docs) {
        const key = this.driver.key(doc);
        // Ranges are disjoint; a document moving between them shows once while both answer.
        if (seen.has(key)) continue;
        seen.add(key);
        items.push(this.driver.read(doc));
      }
    }
    const first = this.pages[0];
    const last = this.pages[this.pages.length - 1];
    return {
      items,
      loading: !first?.loaded && this.error === null,
      loadingMore: this.pages.length > 1 && !last?.loaded,
      hasMore: !!last?.loaded && last.until === null && last.docs.length >= this.pageSize,
      error: this.error,
    };
  }
}
