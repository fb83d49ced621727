import { getCountFromServer, type Firestore } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMatch } from 'react-router-dom';
import { useDb, useLiveDocs, useLiveQueryState } from './live/index.ts';
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
import type { MemberDoc, MemberRole } from './types.ts';

/** The memberships as the directory keeps them: event id → role; null until loaded once. */
type Memberships = ReadonlyMap<string, MemberRole>;

/** What the directory remembers across snapshots: whose it is, and the events lost meanwhile. */
interface Remembered {
  uid: string | null;
  /** The memberships snapshot `lost` was last worked out from. */
  seen: readonly MemberDoc[] | null;
  memberships: Memberships | null;
  lost: DirectoryState['lost'];
}

const forUser = (uid: string | null): Remembered => ({
  uid,
  seen: null,
  memberships: null,
  lost: {},
});

/** Upcoming first: by start date, events with dates TBD last, then by name. */
function byStartDate(a: MyEvent, b: MyEvent): number {
  const as = a.event.startDate ?? '\uffff';
  const bs = b.event.startDate ?? '\uffff';
  return as === bs ? a.event.name.localeCompare(b.event.name) : as < bs ? -1 : 1;
}

/** Live memberships (collection-group query on members by userId) and their event documents. */
function useDirectory(db: Firestore, uid: string | null, extraEventId: string | null) {
  const membershipDocs = useLiveQueryState(uid ? membershipsQuery(db, uid) : null);
  // Signing out revokes access a moment before this provider unmounts: not an error.
  const failure =
    membershipDocs.status === 'failed' && getAppAuth().currentUser ? membershipDocs.error : null;
  useEffect(() => {
    if (failure) console.error('Failed to load your events', failure);
  }, [failure]);

  const [remembered, setRemembered] = useState(() => forUser(uid));
  // Another account or none: start over (during render, so no render shows the old lists).
  const base = remembered.uid === uid ? remembered : forUser(uid);
  const fresh =
    membershipDocs.status === 'ready' && membershipDocs.data !== base.seen
      ? membershipDocs.data
      : null;
  const memberships = useMemo(() => {
    if (!fresh) return base.memberships;
    const byEvent = new Map<string, MemberRole>();
    for (const member of fresh) if (member.eventId) byEvent.set(member.eventId, member.role);
    return byEvent;
  }, [fresh, base.memberships]);

  const ids = useMemo(() => {
    const set = new Set(memberships?.keys() ?? []);
    if (extraEventId) set.add(extraEventId);
    return [...set].sort();
  }, [memberships, extraEventId]);
  const idsKey = ids.join('/');
  const refs = useMemo(
    () => (idsKey ? idsKey.split('/').map((id) => eventRef(db, id)) : []),
    [db, idsKey],
  );
  const eventDocs = useLiveDocs(refs);
  const docs = useMemo(() => {
    const byId: Record<string, EventDocState> = {};
    for (const ref of refs) {
      const doc = eventDocs.get(ref.path);
      // Unreadable: access lost (removed from the event); the memberships say so next.
      if (doc) byId[ref.id] = doc.kind === 'exists' ? { kind: 'exists', event: doc.data } : doc;
    }
    return byId;
  }, [refs, eventDocs]);

  // A new memberships snapshot: an event that left them was deleted if its document had gone
  // first, otherwise the user was removed from it (kept during render: the listener of a
  // dropped event still holds its last state here).
  let next = base;
  if (fresh && memberships) {
    const lost = { ...base.lost };
    for (const id of base.memberships?.keys() ?? []) {
      if (memberships.has(id)) continue;
      lost[id] = eventDocs.get(eventRef(db, id).path)?.kind === 'missing' ? 'deleted' : 'removed';
    }
    for (const id of memberships.keys()) delete lost[id];
    next = { uid, seen: fresh, memberships, lost };
  }
  if (next !== remembered) setRemembered(next);

  const state = useMemo<DirectoryState>(
    () => ({
      uid,
      memberships,
      docs,
      lost: next.lost,
      failed: failure !== null,
    }),
    [uid, memberships, next.lost, docs, failure],
  );
  return { state, error: failure, idsKey };
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
  const db = useDb();
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
