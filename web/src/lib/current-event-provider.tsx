import {
  collection,
  collectionGroup,
  doc,
  getCountFromServer,
  onSnapshot,
  query,
  where,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMatch } from 'react-router-dom';
import { useFirestore } from 'reactfire';
import { CurrentEventContext, MyEventsContext, type CurrentEvent, type MyEvent, type MyEvents } from './current-event.tsx';
import { getAppAuth } from './firebase.ts';
import { isNewlyCreated } from './newly-created.ts';
import { useSession } from './session.tsx';
import { CURRENT_EVENT_STORAGE_KEY } from './storage-keys.ts';
import { isAdminRole } from '@gatherly/domain/roles';
import { DEFAULT_BANNER_SETTINGS, DEFAULT_THEME_COLORS } from '@gatherly/domain/entities';
import type { GatherlyEvent, MemberRole } from './types.ts';

interface Membership {
  eventId: string;
  role: MemberRole;
}

function toEvent(id: string, data: DocumentData): GatherlyEvent {
  return {
    id,
    name: String(data.name ?? ''),
    description: String(data.description ?? ''),
    location: String(data.location ?? ''),
    startDate: typeof data.startDate === 'string' && data.startDate ? data.startDate : null,
    endDate: typeof data.endDate === 'string' && data.endDate ? data.endDate : null,
    customLogo: String(data.customLogo ?? ''),
    themeColors: { ...DEFAULT_THEME_COLORS, ...(data.themeColors ?? {}) },
    bannerSettings: {
      style: data.bannerSettings?.style === 'full-width' ? 'full-width' : 'contained',
      autoRotate: data.bannerSettings?.autoRotate ?? true,
      rotateInterval: Number(data.bannerSettings?.rotateInterval ?? DEFAULT_BANNER_SETTINGS.rotateInterval),
      customBannerImage: data.bannerSettings?.customBannerImage ?? null,
    },
    adminId: String(data.adminId ?? ''),
    createdBy: String(data.createdBy ?? ''),
    createdAt: data.createdAt ?? null,
  };
}

/** Upcoming first: by start date, events with dates TBD last, then by name. */
function byStartDate(a: MyEvent, b: MyEvent): number {
  const as = a.event.startDate ?? '\uffff';
  const bs = b.event.startDate ?? '\uffff';
  return as === bs ? a.event.name.localeCompare(b.event.name) : as < bs ? -1 : 1;
}

/** Live memberships (collection-group query on members by userId) and their event documents. */
function useLiveMyEvents(db: Firestore, uid: string | null, extraEventId: string | null): MyEvents & { extra: GatherlyEvent | null } {
  const [memberships, setMemberships] = useState<Membership[] | null>(null);
  const [eventDocs, setEventDocs] = useState<Record<string, GatherlyEvent | null>>({});
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [countsVersion, setCountsVersion] = useState(0);
  const [error, setError] = useState<Error | null>(null);

  useEffect(() => {
    setMemberships(null);
    setEventDocs({});
    setCounts({});
    setError(null);
    if (!uid) return;
    const q = query(collectionGroup(db, 'members'), where('userId', '==', uid));
    return onSnapshot(
      q,
      (snap) => {
        setMemberships(
          snap.docs.flatMap((d) => {
            const eventId = d.ref.parent.parent?.id;
            return eventId ? [{ eventId, role: d.get('role') as MemberRole }] : [];
          }),
        );
      },
      (err) => {
        // Signing out revokes access a moment before this provider unmounts: not an error.
        if (!getAppAuth().currentUser) return;
        console.error('Failed to load your events', err);
        setError(err);
        setMemberships([]);
      },
    );
  }, [db, uid]);

  const ids = useMemo(() => {
    const set = new Set((memberships ?? []).map((m) => m.eventId));
    if (extraEventId) set.add(extraEventId);
    return [...set].sort();
  }, [memberships, extraEventId]);
  const idsKey = ids.join('/');

  useEffect(() => {
    if (!idsKey) return;
    const unsubscribes = idsKey.split('/').map((id) =>
      onSnapshot(
        doc(db, 'events', id),
        (snap) => setEventDocs((prev) => ({ ...prev, [id]: snap.exists() ? toEvent(id, snap.data()) : null })),
        // Access lost (removed from the event): it leaves the list.
        () => setEventDocs((prev) => ({ ...prev, [id]: null })),
      ),
    );
    return () => unsubscribes.forEach((u) => u());
  }, [db, idsKey]);

  useEffect(() => {
    if (!idsKey) return;
    let cancelled = false;
    for (const id of idsKey.split('/')) {
      getCountFromServer(collection(db, 'events', id, 'members'))
        .then((snap) => {
          if (!cancelled) setCounts((prev) => ({ ...prev, [id]: snap.data().count }));
        })
        .catch((err: unknown) => console.warn(`Member count for ${id} failed`, err));
    }
    return () => {
      cancelled = true;
    };
  }, [db, idsKey, countsVersion]);

  const refreshCounts = useCallback(() => setCountsVersion((v) => v + 1), []);

  return useMemo(() => {
    const loading = memberships === null || memberships.some((m) => !(m.eventId in eventDocs));
    const events = (memberships ?? [])
      .flatMap((m): MyEvent[] => {
        const event = eventDocs[m.eventId];
        return event ? [{ id: m.eventId, event, role: m.role, memberCount: counts[m.eventId] ?? null }] : [];
      })
      .sort(byStartDate);
    const extra = extraEventId ? (eventDocs[extraEventId] ?? null) : null;
    return { events, loading, error, refreshCounts, extra };
  }, [memberships, eventDocs, counts, error, refreshCounts, extraEventId]);
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
    // Storage unavailable (private mode): selection still works for this tab.
  }
}

/**
 * The signed-in user's events and the current-event selection of spec §4: opening an event
 * route selects it; a non-member event is refused (console warning); the selection resets when
 * the event leaves the list; it persists in localStorage under `currentEventId`.
 */
export function CurrentEventProvider({ children }: { children: ReactNode }) {
  const db = useFirestore();
  const { user } = useSession();
  const uid = user?.uid ?? null;
  const [selectedId, setSelectedId] = useState<string | null>(readStoredEventId);
  const routeMatch = useMatch('/events/:eventId/*');
  const routeEventId = routeMatch?.params.eventId ?? null;

  // A just-created event may not be in the live list yet: read its document directly.
  const candidate = routeEventId ?? selectedId;
  const extraEventId = candidate && isNewlyCreated(candidate) ? candidate : null;
  const live = useLiveMyEvents(db, uid, extraEventId);
  const { events, loading: listLoading, extra } = live;

  const canSelect = useCallback(
    (id: string) => isNewlyCreated(id) || events.some((e) => e.id === id),
    [events],
  );

  const select = useCallback(
    (id: string | null) => {
      if (id !== null && !listLoading && !canSelect(id)) {
        console.warn(`Refusing to switch to event ${id}: you are not a member of it`);
        return;
      }
      setSelectedId(id);
      storeEventId(id);
    },
    [canSelect, listLoading],
  );

  // Opening an event route selects it (once the list can say whether that is allowed).
  const lastRouteId = useRef<string | null>(null);
  useEffect(() => {
    if (!routeEventId || listLoading || lastRouteId.current === routeEventId) return;
    lastRouteId.current = routeEventId;
    select(routeEventId);
  }, [routeEventId, listLoading, select]);

  // The selected event left the list (deleted, removed from it): reset to none.
  useEffect(() => {
    if (selectedId && !listLoading && !canSelect(selectedId)) {
      setSelectedId(null);
      storeEventId(null);
    }
  }, [selectedId, listLoading, canSelect]);

  const current = useMemo<CurrentEvent>(() => {
    const mine = selectedId ? events.find((e) => e.id === selectedId) : undefined;
    const newly = selectedId && !mine && extra && extra.id === selectedId ? extra : null;
    const event = mine?.event ?? newly ?? null;
    const role: MemberRole | null = mine?.role ?? (newly ? 'creator' : null);
    return {
      eventId: event ? selectedId : null,
      event,
      role,
      isAdmin: isAdminRole(role),
      isMember: event !== null,
      loading: listLoading || (selectedId !== null && extraEventId === selectedId && !event),
      select,
    };
  }, [selectedId, events, extra, extraEventId, listLoading, select]);

  const myEvents = useMemo<MyEvents>(
    () => ({ events: live.events, loading: live.loading, error: live.error, refreshCounts: live.refreshCounts }),
    [live.events, live.loading, live.error, live.refreshCounts],
  );

  return (
    <MyEventsContext.Provider value={myEvents}>
      <CurrentEventContext.Provider value={current}>{children}</CurrentEventContext.Provider>
    </MyEventsContext.Provider>
  );
}
