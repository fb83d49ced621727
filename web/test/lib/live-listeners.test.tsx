// The live-data layer's SDK listeners (lib/live/listeners.ts) over a scripted onSnapshot: chunks
// of `in` ids, a kept chunk when more ids arrive, per-document states, a query's failure.
import { act, renderHook } from '@testing-library/react';
import type { DocumentReference, Query } from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveDocs, useLiveDocsIn, useLiveQueryState } from '../../src/lib/live/listeners.ts';

interface Target {
  base: string;
  ids?: string[];
}
interface Listener {
  target: Target;
  next: (snap: unknown) => void;
  error: (err: Error) => void;
  stopped: boolean;
}

const sdk = vi.hoisted(() => ({ listeners: [] as Listener[] }));
vi.mock('firebase/firestore', () => ({
  query: (base: Target, clause: { ids: string[] }) => ({ base: base.base, ids: clause.ids }),
  where: (_field: unknown, _op: string, ids: string[]) => ({ ids }),
  queryEqual: (a: Target, b: Target) => a.base === b.base,
  onSnapshot: (target: Target, next: (s: unknown) => void, error: (e: Error) => void) => {
    const listener: Listener = { target, next, error, stopped: false };
    sdk.listeners.push(listener);
    return () => {
      listener.stopped = true;
    };
  },
}));

interface Doc {
  id: string;
  name: string;
}
/** A query as the scripted SDK above sees it: the collection it reads. */
const fakeQuery = (base: string) => ({ base }) as unknown as Query<Doc>;
const fakeRef = (path: string) =>
  ({ base: path, path, firestore: DB }) as unknown as DocumentReference<Doc>;
const DB = {};

const live = () => sdk.listeners.filter((l) => !l.stopped);
const docs = (ids: string[]) => ({
  docs: ids.map((id) => ({ id, data: () => ({ id, name: `doc ${id}` }) })),
});
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `d${from + i}`);
const answer = async (listener: Listener | undefined, snap: unknown) => {
  await act(async () => listener?.next(snap));
};

beforeEach(() => {
  sdk.listeners.length = 0;
});

describe('useLiveDocsIn', () => {
  it('listens in chunks of at most 30 ids and is loading until every chunk answered', async () => {
    const base = fakeQuery('members');
    const { result } = renderHook(() => useLiveDocsIn(base, 'id', ids(65)));
    expect(live().map((l) => l.target.ids?.length)).toEqual([30, 30, 5]);
    expect(result.current.loading).toBe(true);
    for (const l of live()) await answer(l, docs(l.target.ids ?? []));
    expect(result.current.loading).toBe(false);
    expect(result.current.docs.size).toBe(65);
    expect(result.current.docs.get('d64')).toEqual({ id: 'd64', name: 'doc d64' });
  });

  it('keeps a chunk’s listener when the next page’s ids arrive, and shows its documents meanwhile', async () => {
    const base = fakeQuery('members');
    const { result, rerender } = renderHook(({ list }) => useLiveDocsIn(base, 'id', list), {
      initialProps: { list: ids(30) },
    });
    const first = live()[0];
    await answer(first, docs(ids(30)));
    rerender({ list: ids(40) });
    expect(result.current.loading).toBe(true);
    expect(result.current.docs.size).toBe(30);
    expect(first?.stopped).toBe(false);
    expect(live()).toHaveLength(2);
    await answer(live()[1], docs(ids(10, 30)));
    expect(result.current).toMatchObject({ loading: false });
    expect(result.current.docs.size).toBe(40);
  });

  it('counts a failed chunk as answered, without its documents', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = renderHook(() => useLiveDocsIn(fakeQuery('votes'), 'photoId', ['p1']));
    await act(async () => live()[0]?.error(new Error('denied')));
    expect(result.current).toEqual({ loading: false, docs: new Map() });
  });

  it('starts over, showing nothing of the previous query, when the query changes', async () => {
    const { result, rerender } = renderHook(
      ({ base }) => useLiveDocsIn(fakeQuery(base), 'id', ['d1']),
      {
        initialProps: { base: 'events/e1/members' },
      },
    );
    await answer(live()[0], docs(['d1']));
    rerender({ base: 'events/e2/members' });
    expect(result.current.docs.size).toBe(0);
    expect(result.current.loading).toBe(true);
    expect(live().map((l) => l.target.base)).toEqual(['events/e2/members']);
  });

  it('reads nothing for no ids', () => {
    const { result } = renderHook(() => useLiveDocsIn(fakeQuery('members'), 'id', []));
    expect(live()).toHaveLength(0);
    expect(result.current.loading).toBe(false);
  });
});

describe('useLiveDocs', () => {
  it('gives each document its own state: exists, missing or unreadable', async () => {
    const refs = [fakeRef('events/e1'), fakeRef('events/e2'), fakeRef('events/e3')];
    const { result } = renderHook(() => useLiveDocs(refs));
    const [l1, l2, l3] = live();
    await answer(l1, { data: () => ({ name: 'One' }) });
    await answer(l2, { data: () => undefined });
    const error = new Error('Missing or insufficient permissions.');
    await act(async () => l3?.error(error));
    expect(result.current.get('events/e1')).toEqual({ kind: 'exists', data: { name: 'One' } });
    expect(result.current.get('events/e2')).toEqual({ kind: 'missing' });
    expect(result.current.get('events/e3')).toEqual({ kind: 'unreadable', error });
  });
});

describe('useLiveQueryState', () => {
  it('is loading, then ready with the documents, and returns a failure to the caller', async () => {
    const { result, rerender } = renderHook(({ q }) => useLiveQueryState(q), {
      initialProps: { q: null as Query<Doc> | null },
    });
    expect(result.current).toEqual({ status: 'loading' });
    expect(live()).toHaveLength(0);
    rerender({ q: fakeQuery('memberships:u1') });
    expect(result.current).toEqual({ status: 'loading' });
    await answer(live()[0], docs(['m1']));
    expect(result.current).toEqual({ status: 'ready', data: [{ id: 'm1', name: 'doc m1' }] });
    const error = new Error('denied');
    await act(async () => live()[0]?.error(error));
    expect(result.current).toEqual({ status: 'failed', error });
  });
});
