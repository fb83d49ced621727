// The Firebase SDK half of the live-data layer (docs/web.md, "Live data"): reads reactfire has
// no hook for. Documents by ids (`in` queries of MAX_IN_VALUES ids each, or one listener per
// document where each may fail alone) and a query whose failure the caller shows itself. All of
// them keep a set of keyed listeners (`ListenerSet`): a listener whose key stays keeps
// listening when the others change, e.g. a loaded page's chunk when the next page arrives.
import {
  onSnapshot,
  query,
  queryEqual,
  where,
  type DocumentData,
  type DocumentReference,
  type FieldPath,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { MAX_IN_VALUES } from '../db/refs.ts';

type Listen<V> = (publish: (value: V) => void) => () => void;

interface Entry<V> {
  stop: () => void;
  /** Undefined until the listener's first answer. */
  value: V | undefined;
}

interface ListenerSetState<V> {
  /** The scope and keys (joined) asked for when this state was published: a reader can tell
   * whether it answers what it asks now. */
  scope: unknown;
  keys: string;
  values: ReadonlyMap<string, V>;
  /** A listener has not answered yet. */
  pending: boolean;
}

const KEY_SEPARATOR = '\u0000';
const NO_VALUES: ReadonlyMap<string, never> = new Map<string, never>();

/** Listeners by key; the screen subscribes to the set (useSyncExternalStore). */
class ListenerSet<V> {
  private entries = new Map<string, Entry<V>>();
  private subscribers = new Set<() => void>();
  private current: ListenerSetState<V> = {
    scope: undefined,
    keys: '',
    values: new Map(),
    pending: false,
  };
  private scope: unknown = undefined;
  private keys = '';

  /** Listens to exactly the keys of `wanted` (in its order): new ones start, dropped ones stop. */
  sync(wanted: ReadonlyMap<string, Listen<V>>, scope: unknown): void {
    this.scope = scope;
    this.keys = [...wanted.keys()].join(KEY_SEPARATOR);
    for (const [key, entry] of this.entries) {
      if (wanted.has(key)) continue;
      entry.stop();
      this.entries.delete(key);
    }
    const fresh = new Map<string, Entry<V>>();
    for (const [key, listen] of wanted) {
      const kept = this.entries.get(key);
      if (kept) {
        fresh.set(key, kept);
        continue;
      }
      const entry: Entry<V> = { stop: () => undefined, value: undefined };
      fresh.set(key, entry);
      entry.stop = listen((value) => {
        if (this.entries.get(key) !== entry) return;
        entry.value = value;
        this.publish();
      });
    }
    this.entries = fresh;
    this.publish();
  }

  stopAll(): void {
    for (const entry of this.entries.values()) entry.stop();
    this.entries.clear();
  }

  subscribe = (listener: () => void) => {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  };

  state = (): ListenerSetState<V> => this.current;

  private publish(): void {
    const values = new Map<string, V>();
    let pending = false;
    for (const [key, entry] of this.entries) {
      if (entry.value === undefined) pending = true;
      else values.set(key, entry.value);
    }
    this.current = { scope: this.scope, keys: this.keys, values, pending };
    for (const subscriber of this.subscribers) subscriber();
  }
}

/**
 * Keeps one listener per key of `wanted` while `scope` (anything the listeners were built from
 * that the keys do not say) is the same; a new scope starts every listener again. Answers each
 * key's latest value and whether the answer is complete for the keys asked now.
 */
function useListenerSet<V>(
  wanted: ReadonlyMap<string, Listen<V>>,
  scope: unknown,
): { values: ReadonlyMap<string, V>; loading: boolean } {
  const [set] = useState(() => new ListenerSet<V>());
  const keys = [...wanted.keys()].join(KEY_SEPARATOR);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `keys` stands for `wanted` (rebuilt on every render with the same listeners)
  useEffect(() => set.sync(wanted, scope), [set, keys, scope]);
  useEffect(() => () => set.stopAll(), [set, scope]);
  const state = useSyncExternalStore(set.subscribe, set.state);
  // Keys just changed (a next page): the kept listeners' values show until the new ones answer.
  // Another scope (another query): nothing of the previous one shows.
  if (state.scope !== scope) return { values: NO_VALUES, loading: true };
  return { values: state.values, loading: state.keys !== keys || state.pending };
}

/** `base` as of its last real change (queryEqual), so callers need not memoise their query. */
export function useStableQuery<T, D extends DocumentData>(base: Query<T, D>): Query<T, D> {
  const [stable, setStable] = useState(base);
  if (stable !== base && !queryEqual(stable, base)) {
    setStable(base);
    return base;
  }
  return stable;
}

export interface LiveDocsByIds<T> {
  /** The documents found, by id (an id with no document is absent). */
  docs: ReadonlyMap<string, T>;
  /** True until every chunk of the ids asked now has answered once. */
  loading: boolean;
}

/**
 * The documents of `base` whose `field` is one of `ids`, live: one `in` listener per
 * MAX_IN_VALUES ids, so the cost follows the ids shown (a page of guests, the photos on
 * screen), never the collection. `idOf` names a document by the id it answers (default: the
 * document id, for `field` = `documentId()`). A chunk whose ids did not change keeps its
 * listener when more ids arrive. A failed chunk is logged and counts as answered, with none of
 * its documents: the rows show without the joined half rather than the screen failing.
 */
export function useLiveDocsIn<T, D extends DocumentData>(
  base: Query<T, D>,
  field: string | FieldPath,
  ids: readonly string[],
  idOf: (doc: QueryDocumentSnapshot<T, D>) => string = (doc) => doc.id,
): LiveDocsByIds<T> {
  const scope = useStableQuery(base);
  const wanted = new Map<string, Listen<ReadonlyMap<string, T>>>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += MAX_IN_VALUES) {
    const chunk = unique.slice(i, i + MAX_IN_VALUES);
    wanted.set(chunk.join(KEY_SEPARATOR), (publish) =>
      onSnapshot(
        query(scope, where(field, 'in', chunk)),
        (snap) => publish(new Map(snap.docs.map((d) => [idOf(d), d.data()]))),
        (err) => {
          console.warn('A live read by ids failed', err);
          publish(new Map());
        },
      ),
    );
  }
  const { values, loading } = useListenerSet(wanted, scope);
  const docs = useMemo(
    () => new Map([...values.values()].flatMap((chunk) => [...chunk])),
    [values],
  );
  return { docs, loading: unique.length > 0 && loading };
}

/** One document's state: it may be missing, or unreadable (access lost) on its own. */
export type LiveDocState<T> =
  { kind: 'exists'; data: T } | { kind: 'missing' } | { kind: 'unreadable'; error: Error };

/**
 * Each of `refs` with its own listener, live, by path: for documents that are readable one by
 * one but not as one query (the user's events: removal from one must not fail the others). A
 * path is absent until its first answer.
 */
export function useLiveDocs<T, D extends DocumentData>(
  refs: readonly DocumentReference<T, D>[],
): ReadonlyMap<string, LiveDocState<T>> {
  const wanted = new Map<string, Listen<LiveDocState<T>>>();
  for (const ref of refs) {
    wanted.set(ref.path, (publish) =>
      onSnapshot(
        ref,
        (snap) => {
          const data = snap.data();
          publish(data === undefined ? { kind: 'missing' } : { kind: 'exists', data });
        },
        (error) => publish({ kind: 'unreadable', error }),
      ),
    );
  }
  const db = refs[0]?.firestore ?? null;
  return useListenerSet(wanted, db).values;
}

export type LiveQueryState<T> =
  { status: 'loading' } | { status: 'ready'; data: T[] } | { status: 'failed'; error: Error };

/**
 * One query, live, whose failure the caller handles (shows its own sentence) instead of the
 * route's error boundary; null reads nothing and stays loading.
 */
export function useLiveQueryState<T, D extends DocumentData>(
  q: Query<T, D> | null,
): LiveQueryState<T> {
  const [stable, setStable] = useState(q);
  const changed = stable !== q && (stable === null || q === null || !queryEqual(stable, q));
  if (changed) setStable(q);
  const current = changed ? q : stable;
  const wanted = useMemo(() => {
    const wanted = new Map<string, Listen<LiveQueryState<T>>>();
    if (!current) return wanted;
    const listen: Listen<LiveQueryState<T>> = (publish) =>
      onSnapshot(
        current,
        (snap) => publish({ status: 'ready', data: snap.docs.map((d) => d.data()) }),
        (error) => publish({ status: 'failed', error }),
      );
    return wanted.set('query', listen);
  }, [current]);
  const { values, loading } = useListenerSet(wanted, current);
  const state = values.get('query');
  return !current || loading || !state ? { status: 'loading' } : state;
}

/**
 * Several queries of one collection, live, by key (the schedule a guest sees: the items open to
 * everyone and those of each of their groups; features/groups/visible-schedule.ts). A key that
 * stays keeps its listener. A failed query (a group just left: the rules refuse it) is logged
 * and answers no documents, so the others still show.
 */
export function useLiveQueries<T, D extends DocumentData>(
  queries: ReadonlyMap<string, Query<T, D>>,
  scope: unknown,
): { values: ReadonlyMap<string, readonly T[]>; loading: boolean } {
  const wanted = new Map<string, Listen<readonly T[]>>();
  for (const [key, q] of queries) {
    wanted.set(key, (publish) =>
      onSnapshot(
        q,
        (snap) => publish(snap.docs.map((d) => d.data())),
        (err) => {
          console.warn('A live query failed', err);
          publish([]);
        },
      ),
    );
  }
  return useListenerSet(wanted, scope);
}
