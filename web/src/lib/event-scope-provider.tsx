import { getCountFromServer, onSnapshot, type Firestore } from 'firebase/firestore';
import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useMatch } from 'react-router-dom';
import { useFirestore } from 'reactfire';
import { eventRef, membersRef, membershipsQuery } from './db/refs.ts';
import {
  EventAccessContext,
  MyEventsContext,
  resolveEventAccess,
  SelectedEventContext,
  type DirectoryState,
  type EventAccess,
  type EventDocState,
  type MyEvent,
  type MyEvents,
  type SelectedEvent,
} from './event-scope.tsx';
import { getAppAuth } from './firebase.ts';
import { isNewlyCreated } from './newly-created.ts';
import { PATHS } from './paths.ts';
import { useSession } from './session.tsx';
import { CURRENT_EVENT_STORAGE_KEY } from './storage-keys.ts';
import type { MemberRole } from './types.ts';

type Action =
  | { type: 'reset'; uid: string | null }
  | { type: 'memberships'; memberships: ReadonlyMap<string, MemberRole> }
  | { type: 'failed' }
  | { type: 'doc'; eventId: string; state: EventDocState };

function initialState(uid: string | null): DirectoryState {
  return { uid, memberships: null, docs: {}, lost: {}, failed: false };
}

function reduce(state: DirectoryState, action: Action): DirectoryState {
  switch (action.type) {
    case 'reset':
      return initialState(action.uid);
    case 'failed':
      return { ...state, failed: true };
    case 'doc':
      return { ...state, docs: { ...state.docs, [action.eventId]: action.state } };
    case 'memberships': {
      // An event that leaves the memberships was deleted if its document had gone first,
      // otherwise the user was removed from it.
      const lost = { ...state.lost };
      for (const id of state.memberships?.keys() ?? []) {
        if (!action.memberships.has(id)) {
          lost[id] = state.docs[id]?.kind === 'missing' ? 'deleted' : 'removed';
        }
      }
      for (const id of action.memberships.keys()) delete lost[id];
      return { ...state, memberships: action.memberships, lost };
    }
  }
}

/** Upcoming first: by start date, events with dates TBD last, then by name. */
function byStartDate(a: MyEvent, b: MyEvent): number {
  const as = a.event.startDate ?? '\uffff';
  const bs = b.event.startDate ?? '\uffff';
  return as === bs ? a.event.name.localeCompare(b.event.name) : as < bs ? -1 : 1;
}

/** Live memberships (collection-group query on members by userId) and their event documents. */
function useDirectory(db: Firestore, uid: string | null, extraEventId: string | null) {
  const [state, dispatch] = useReducer(reduce, uid, initialState);
  const [error, setError] = useState<Error | null>(null);
  // Another account or none: start over (during render, so no render shows the old lists).
  if (state.uid !== uid) {
    dispatch({ type: 'reset', uid });
    setError(null);
  }

  useEffect(() => {
    if (!uid) return;
    return onSnapshot(
      membershipsQuery(db, uid),
      (snap) => {
        const memberships = new Map<string, MemberRole>();
        for (const d of snap.docs) {
          const member = d.data();
          if (member.eventId) memberships.set(member.eventId, member.role);
        }
        dispatch({ type: 'memberships', memberships });
      },
      (err) => {
        // Signing out revokes access a moment before this provider unmounts: not an error.
        if (!getAppAuth().currentUser) return;
        console.error('Failed to load your events', err);
        setError(err);
        dispatch({ type: 'failed' });
      },
    );
  }, [db, uid]);

  const ids = useMemo(() => {
    const set = new Set(state.memberships?.keys() ?? []);
    if (extraEventId) set.add(extraEventId);
    return [...set].sort();
  }, [state.memberships, extraEventId]);
  const idsKey = ids.join('/');

  useEffect(() => {
    if (!idsKey) return;
    const unsubscribes = idsKey.split('/').map((eventId) =>
      onSnapshot(
        eventRef(db, eventId),
        (snap) => {
          const data = snap.data();
          const state: EventDocState = data ? { kind: 'exists', event: data } : { kind: 'missing' };
          dispatch({ type: 'doc', eventId, state });
        },
        // Access lost (removed from the event): the membership listener says so next.
        () => dispatch({ type: 'doc', eventId, state: { kind: 'unreadable' } }),
      ),
    );
    return () => unsubscribes.forEach((u) => u());
  }, [db, idsKey]);

  return { state, error, idsKey };
}

/** Aggregation counts of each event's members; `refresh` re-runs them. */
function useMemberCounts(db: Firestore, idsKey: string) {
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!idsKey) return;
    let cancelled = false;
    for (const id of idsKey.split('/')) {
      getCountFromServer(membersRef(db, id))
        .then((snap) => {
          if (!cancelled) setCounts((prev) => ({ ...prev, [id]: snap.data().count }));
        })
        .catch((err: unknown) => console.warn(`Member count for ${id} failed`, err));
    }
    return () => {
      cancelled = true;
    };
  }, [db, idsKey, version]);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  return { counts, refresh };
}

function readStoredEventId(): string | null {
  try {
    return localStorage.getItem(CURRENT_EVENT_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeEventId(id: string | null) {
  try {
    if (id) localStorage.setItem(CURRENT_EVENT_STORAGE_KEY, id);
    else localStorage.removeItem(CURRENT_EVENT_STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): the selection still works for this tab.
  }
}

/**
 * The signed-in user's events and their access, live (docs/product.md, "Events list" and
 * "Dashboard"): the events list, the /events/:eventId layout and the shell all read this one
 * state. Opening an event the user may see selects it for the shell (stored as
 * `currentEventId`); a non-member event is refused with a console warning and the previous
 * selection stays; the selection resets when its event leaves the user's list.
 */
export function EventScopeProvider({ children }: { children: ReactNode }) {
  const db = useFirestore();
  const { user } = useSession();
  const uid = user?.uid ?? null;
  const routeEventId = useMatch(`${PATHS.event}/*`)?.params.eventId ?? null;
  const [storedId, setStoredId] = useState<string | null>(readStoredEventId);

  // A just-created event may not be among the memberships yet: read its document directly.
  const candidate = routeEventId ?? storedId;
  const extraEventId = candidate && isNewlyCreated(candidate) ? candidate : null;
  const { state, error, idsKey } = useDirectory(db, uid, extraEventId);
  const { counts, refresh: refreshCounts } = useMemberCounts(db, idsKey);

  const accessOf = useCallback(
    (eventId: string): EventAccess => resolveEventAccess(state, eventId, isNewlyCreated(eventId)),
    [state],
  );

  const myEvents = useMemo<MyEvents>(() => {
    const { memberships, docs } = state;
    const loading =
      !state.failed && (memberships === null || [...memberships.keys()].some((id) => !docs[id]));
    const events = [...(memberships ?? [])]
      .flatMap(([id, role]): MyEvent[] => {
        const doc = docs[id];
        return doc?.kind === 'exists'
          ? [{ id, event: doc.event, role, memberCount: counts[id] ?? null }]
          : [];
      })
      .sort(byStartDate);
    return { events, loading, error, refreshCounts };
  }, [state, counts, error, refreshCounts]);

  const routeStatus = routeEventId ? accessOf(routeEventId).status : null;

  // Opening an event route selects it once its access is known (adjusted during render).
  if (routeEventId && routeStatus === 'ready' && storedId !== routeEventId) {
    setStoredId(routeEventId);
  }
  const warned = useRef<string | null>(null);
  useEffect(() => {
    if (routeEventId && routeStatus === 'denied' && warned.current !== routeEventId) {
      warned.current = routeEventId;
      console.warn(`Refusing to switch to event ${routeEventId}: you are not a member of it`);
    }
  }, [routeEventId, routeStatus]);

  // The selected event left the list (deleted, removed from it, another account): reset.
  const storedStatus = storedId ? accessOf(storedId).status : null;
  if (storedStatus === 'denied' || storedStatus === 'removed' || storedStatus === 'deleted') {
    setStoredId(null);
  }
  // The selection outlives a reload.
  useEffect(() => storeEventId(storedId), [storedId]);

  const selected = useMemo<SelectedEvent | null>(() => {
    const id = routeStatus === 'ready' ? routeEventId : storedId;
    const access = id ? accessOf(id) : null;
    if (!id || access?.status !== 'ready') return null;
    const { event, role } = access.scope;
    return { eventId: id, event, role, memberCount: counts[id] ?? null };
  }, [routeStatus, routeEventId, storedId, accessOf, counts]);

  return (
    <MyEventsContext.Provider value={myEvents}>
      <EventAccessContext.Provider value={accessOf}>
        <SelectedEventContext.Provider value={selected}>{children}</SelectedEventContext.Provider>
      </EventAccessContext.Provider>
    </MyEventsContext.Provider>
  );
}
