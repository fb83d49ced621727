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

export interface CurrentEvent {
  eventId: string | null;
  event: GatherlyEvent | null;
  role: MemberRole | null;
  /** Admin or creator. */
  isAdmin: boolean;
  /** The selected event is among the user's events (or was just created here). */
  isMember: boolean;
  loading: boolean;
  /** Selects an event; a non-member event is refused with a console warning (spec §4). */
  select(eventId: string | null): void;
}

export const MyEventsContext = createContext<MyEvents | null>(null);
export const CurrentEventContext = createContext<CurrentEvent | null>(null);

/** Live list of the signed-in user's events (provided by CurrentEventProvider). */
export function useMyEvents(): MyEvents {
  const value = useContext(MyEventsContext);
  if (!value) throw new Error('useMyEvents must be used inside <CurrentEventProvider>');
  return value;
}

/** The selected event (URL or switcher), with the user's role in it. */
export function useCurrentEvent(): CurrentEvent {
  const value = useContext(CurrentEventContext);
  if (!value) throw new Error('useCurrentEvent must be used inside <CurrentEventProvider>');
  return value;
}
