// The one mechanism that says which events the signed-in user belongs to and with which role
// (docs/web.md, "Event scope"). EventScopeProvider (event-scope-provider.tsx) keeps it live; the
// /events/:eventId layout turns an event's access into its screens' non-null EventScope.
import { createContext, useContext } from 'react';
import type { GatherlyEvent, MemberRole } from './types.ts';

export { isNewlyCreated, markNewlyCreated } from './newly-created.ts';

/** One of the signed-in user's events, as the events list and switcher show it. */
export interface MyEvent {
  id: string;
  event: GatherlyEvent;
  role: MemberRole;
  /** Aggregation count of the event's members; null until the first count arrives. */
  memberCount: number | null;
}

export interface MyEvents {
  events: MyEvent[];
  /** True until the memberships and every member event document have loaded once. */
  loading: boolean;
  error: Error | null;
  /** Re-runs the member counts (after members are added, removed or change role). */
  refreshCounts(): void;
}

/** What every screen under /events/:eventId may rely on. */
export interface EventScope {
  eventId: string;
  event: GatherlyEvent;
  role: MemberRole;
  uid: string;
}

/**
 * Where the signed-in user stands with one event, live.
 * - denied: not a member (and not one earlier in this session);
 * - removed: was a member earlier in this session and is no longer;
 * - deleted: the event document disappeared while they were a member;
 * - unavailable: a member whose event document cannot be read: a removal still arriving, or a
 *   real failure if it lasts;
 * - failed: the user's memberships could not be loaded at all.
 */
export type EventAccess =
  | { status: 'loading' }
  | { status: 'ready'; scope: EventScope }
  | { status: 'denied' }
  | { status: 'removed' }
  | { status: 'deleted' }
  | { status: 'unavailable' }
  | { status: 'failed' };

/** The event the shell shows (title, theme, drawer): the open one, else the last one opened. */
export interface SelectedEvent {
  eventId: string;
  event: GatherlyEvent;
  role: MemberRole;
  memberCount: number | null;
}

/** The state of one event document listener. */
export type EventDocState =
  { kind: 'exists'; event: GatherlyEvent } | { kind: 'missing' } | { kind: 'unreadable' };

export interface DirectoryState {
  uid: string | null;
  /** Event id → the user's role there; null until the memberships have loaded once. */
  memberships: ReadonlyMap<string, MemberRole> | null;
  docs: Readonly<Record<string, EventDocState>>;
  /** Events that left the user's memberships during this session, and why. */
  lost: Readonly<Record<string, 'removed' | 'deleted'>>;
  failed: boolean;
}

/** Decides an event's access from the live state (pure; the provider and tests share it). */
export function resolveEventAccess(
  state: DirectoryState,
  eventId: string,
  newlyCreated: boolean,
): EventAccess {
  const { uid, memberships, docs } = state;
  if (state.failed) return { status: 'failed' };
  if (!uid || memberships === null) return { status: 'loading' };
  const doc = docs[eventId];
  const role = memberships.get(eventId);
  if (role !== undefined) {
    if (!doc) return { status: 'loading' };
    if (doc.kind === 'exists')
      return { status: 'ready', scope: { eventId, event: doc.event, role, uid } };
    return doc.kind === 'missing' ? { status: 'deleted' } : { status: 'unavailable' };
  }
  const lost = state.lost[eventId];
  if (lost) return { status: lost };
  // Opened straight after Create Event: the membership query may not have caught up yet.
  if (newlyCreated) {
    if (doc?.kind === 'exists') {
      return { status: 'ready', scope: { eventId, event: doc.event, role: 'creator', uid } };
    }
    return doc?.kind === 'missing' ? { status: 'deleted' } : { status: 'loading' };
  }
  return { status: 'denied' };
}

export const MyEventsContext = createContext<MyEvents | null>(null);
/** Resolves any event id against the live state (provided by EventScopeProvider). */
export const EventAccessContext = createContext<((eventId: string) => EventAccess) | null>(null);
export const SelectedEventContext = createContext<SelectedEvent | null>(null);
/** Set by the /events/:eventId layout once access is ready. */
export const EventScopeContext = createContext<EventScope | null>(null);

function required<T>(value: T | null, hook: string, provider: string): T {
  if (value === null) throw new Error(`${hook} must be used inside ${provider}`);
  return value;
}

/** Live list of the signed-in user's events. */
export function useMyEvents(): MyEvents {
  return required(useContext(MyEventsContext), 'useMyEvents', '<EventScopeProvider>');
}

/** Live access to one event (the /events/:eventId layout uses it; screens use useEventScope). */
export function useEventAccess(eventId: string): EventAccess {
  return required(
    useContext(EventAccessContext),
    'useEventAccess',
    '<EventScopeProvider>',
  )(eventId);
}

/** The event the shell shows, or null outside any event. */
export function useSelectedEvent(): SelectedEvent | null {
  return useContext(SelectedEventContext);
}

/** The open event, its role and the user: never null on a screen under /events/:eventId. */
export function useEventScope(): EventScope {
  return required(useContext(EventScopeContext), 'useEventScope', 'the /events/:eventId layout');
}

/** The open event's member count from the events list (null until counted). */
export function useMemberCount(eventId: string): number | null {
  return useMyEvents().events.find((e) => e.id === eventId)?.memberCount ?? null;
}
