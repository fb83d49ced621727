import { describe, expect, it } from 'vitest';
import { PagedList, type PageDriver, type PageRange } from '../../src/lib/live/paged-list.ts';

/** An ordered in-memory collection answering range listeners as Firestore would. */
class FakeCollection {
  /** Sort keys, ascending; a "document" is its key. */
  docs: number[];
  listens: { range: PageRange<number>; onDocs(docs: number[]): void; active: boolean }[] = [];

  constructor(docs: number[]) {
    this.docs = [...docs].sort((a, b) => a - b);
  }

  driver(): PageDriver<number, string> {
    return {
      listen: (range, onDocs) => {
        const entry = { range, onDocs, active: true };
        this.listens.push(entry);
        onDocs(this.answer(range));
        return () => {
          entry.active = false;
        };
      },
      read: (doc) => `doc${doc}`,
      key: (doc) => String(doc),
    };
  }

  answer(range: PageRange<number>): number[] {
    const inRange = this.docs.filter(
      (d) =>
        (range.after === null || d > range.after) && (range.until === null || d <= range.until),
    );
    return range.limit === null ? inRange : inRange.slice(0, range.limit);
  }

  active() {
    return this.listens.filter((l) => l.active);
  }

  write(change: () => void) {
    change();
    this.docs.sort((a, b) => a - b);
    for (const l of this.active()) l.onDocs(this.answer(l.range));
  }
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('PagedList', () => {
  it('loads the first page only, and says whether more may follow', () => {
    const db = new FakeCollection(range(1, 25));
    const list = new PagedList(db.driver(), 10);
    expect(list.state().items).toEqual(range(1, 10).map((d) => `doc${d}`));
    expect(list.state().hasMore).toBe(true);
    expect(list.state().loading).toBe(false);
    expect(db.listens.map((l) => l.range)).toEqual([{ after: null, until: null, limit: 10 }]);
  });

  it('a short first page has no more', () => {
    const db = new FakeCollection(range(1, 4));
    const list = new PagedList(db.driver(), 10);
    expect(list.state().items).toHaveLength(4);
    expect(list.state().hasMore).toBe(false);
    list.loadMore();
    expect(db.listens).toHaveLength(1);
  });

  it('fixes a page at its last document and opens the next one after it', () => {
    const db = new FakeCollection(range(1, 25));
    const list = new PagedList(db.driver(), 10);
    list.loadMore();
    list.loadMore();
    expect(list.state().items).toEqual(range(1, 25).map((d) => `doc${d}`));
    expect(list.state().hasMore).toBe(false);
    // Each page was read once: the fixed pages keep their limit listeners while they answer
    // exactly their ranges (a second listen would read their documents again).
    expect(db.listens.map((l) => l.range)).toEqual([
      { after: null, until: null, limit: 10 },
      { after: 10, until: null, limit: 10 },
      { after: 20, until: null, limit: 10 },
    ]);
    expect(db.active()).toHaveLength(3);
  });

  it('a fixed page listens to its range once an insert shifts its window, and only then', () => {
    const db = new FakeCollection(range(1, 30).map((d) => d * 10));
    const list = new PagedList(db.driver(), 10);
    list.loadMore();
    db.write(() => db.docs.push(155)); // page 1 is the open one: no change of listener
    expect(db.listens).toHaveLength(2);
    db.write(() => db.docs.push(5)); // a new first document pushes 100 out of page 0's limit
    expect(db.listens).toHaveLength(3);
    expect(db.active().map((l) => l.range)).toEqual([
      { after: 100, until: null, limit: 10 },
      { after: null, until: 100, limit: null },
    ]);
    const items = list.state().items;
    expect(items.slice(0, 11)).toEqual(
      [5, ...range(1, 10).map((d) => d * 10)].map((d) => `doc${d}`),
    );
    expect(items.indexOf('doc110')).toBe(11); // 100 stayed on page 0, 110 opens page 1
    db.write(() => db.docs.push(1));
    expect(db.listens).toHaveLength(3); // the range listener takes further changes itself
    expect(list.state().items[0]).toBe('doc1');
  });

  it('an insert or delete inside a page changes that page only, live', () => {
    const db = new FakeCollection(range(1, 30).map((d) => d * 10));
    const list = new PagedList(db.driver(), 10);
    list.loadMore();
    list.loadMore();
    db.write(() => {
      db.docs.push(0, 155); // a new first document and one inside page 2
      db.docs.splice(db.docs.indexOf(50), 1); // one of page 1 deleted
    });
    const items = list.state().items;
    expect(items).toHaveLength(31);
    expect(items[0]).toBe('doc0');
    expect(items).not.toContain('doc50');
    expect(items.indexOf('doc155')).toBe(items.indexOf('doc150') + 1);
    // Page 2 still ends at 200 and page 3 still starts after it: nothing moved between pages.
    // Page 1 (one in, one out) still answers exactly its range on its limit listener; page 2
    // shifted and listens to its range.
    const byStart = db.active().sort((a, b) => (a.range.after ?? -1) - (b.range.after ?? -1));
    expect(byStart.map((l) => l.range)).toEqual([
      { after: null, until: null, limit: 10 },
      { after: 100, until: 200, limit: null },
      { after: 200, until: null, limit: 10 },
    ]);
    expect(db.answer(byStart[0]!.range).at(-1)).toBe(100);
  });

  it('pauses pages far from the rendered items and listens again when they come back', () => {
    const db = new FakeCollection(range(1, 100));
    const list = new PagedList(db.driver(), 10);
    for (let i = 0; i < 6; i++) list.loadMore();
    expect(db.active()).toHaveLength(7);
    list.setVisibleRange(50, 59); // page 5 on screen; pages 4 and 6 are the margin
    const live = () => db.active().map((l) => l.range.after);
    expect(live()).toEqual([40, 50, 60]);
    const items = list.state().items;
    expect(items).toHaveLength(70); // paused pages keep their last snapshot
    db.write(() => db.docs.splice(db.docs.indexOf(3), 1));
    expect(list.state().items).toContain('doc3'); // page 0 is paused: not re-read
    list.setVisibleRange(0, 9);
    expect(live()).toEqual(expect.arrayContaining([null, 10, 60]));
    expect(list.state().items).not.toContain('doc3');
  });

  it('stop ends every listener and later answers are ignored', () => {
    const db = new FakeCollection(range(1, 25));
    const list = new PagedList(db.driver(), 10);
    list.loadMore();
    const before = list.state();
    list.stop();
    expect(db.active()).toHaveLength(0);
    list.loadMore();
    expect(list.state()).toBe(before);
    expect(list.isStopped).toBe(true);
  });

  it('reports a listener error instead of loading forever', () => {
    const list = new PagedList<number, string>(
      {
        listen: (_range, _onDocs, onError) => {
          onError(new Error('Missing or insufficient permissions.'));
          return () => undefined;
        },
        read: String,
        key: String,
      },
      10,
    );
    expect(list.state().loading).toBe(false);
    expect(list.state().error?.message).toBe('Missing or insufficient permissions.');
  });
});
