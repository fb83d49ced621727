// An event's members in cursor pages with search (docs/performance.md, "Members"), their stored
// totals, and the API calls that change membership (invitations, removal and role changes run
// on the server: tier caps, tokens, the role-change audit log, the member counts).
import { limit, orderBy, query, where, type Firestore, type Query } from 'firebase/firestore';
import { useMemo } from 'react';
import { API } from '@gatherly/domain/api/endpoints';
import type { InviteMemberRequest } from '@gatherly/domain/api/requests';
import type { InvitableRole } from '@gatherly/domain/entities/members';
import { searchQuery } from '@gatherly/domain/search';
import { callApi } from '../../lib/api-client.ts';
import { membersRef, roleChangesRef } from '../../lib/db/refs.ts';
import type { MemberDoc, MemberStats, RoleChangeDoc } from '../../lib/types.ts';
import { useDb, useLiveQuery, useSearchPages, type SearchPages } from '../../lib/live/index.ts';

/** The orders a member list offers (the guest list also sorts by name). */
export type MemberOrder = 'joined' | 'name';

/**
 * Members in joining order (or by name), optionally holding a search token, or in one guest
 * group (a query holds one array-contains: with a group, the caller searches the loaded page).
 */
export function membersQuery(
  db: Firestore,
  eventId: string,
  token: string | null = null,
  order: MemberOrder = 'joined',
  groupId: string | null = null,
): Query<MemberDoc, MemberDoc> {
  const ordered =
    order === 'name' ? orderBy('user.displayName', 'asc') : orderBy('joinedAt', 'asc');
  if (groupId !== null) {
    return query(membersRef(db, eventId), where('groupIds', 'array-contains', groupId), ordered);
  }
  return token === null
    ? query(membersRef(db, eventId), ordered)
    : query(membersRef(db, eventId), where('searchTokens', 'array-contains', token), ordered);
}

/**
 * The members matching `search` (display name, e-mail; word prefixes), `pageSize` at a time,
 * live for the loaded window.
 */
export function useMemberPages(
  eventId: string,
  search: string,
  pageSize: number,
  options?: { loadOnScroll?: boolean },
): SearchPages<MemberDoc> {
  const db = useDb();
  const q = useMemo(() => searchQuery(search), [search]);
  const matches = useMemo(() => (q ? (m: MemberDoc) => q.matches(m.searchTokens) : null), [q]);
  return useSearchPages(membersQuery(db, eventId, q?.token ?? null), pageSize, matches, options);
}

/** The newest `max` role changes of the event (admins and the creator may read them). */
export function useRoleChanges(eventId: string, max: number): RoleChangeDoc[] {
  const db = useDb();
  const res = useLiveQuery(
    query(roleChangesRef(db, eventId), orderBy('changedAt', 'desc'), limit(max)),
  );
  return res.data;
}

export interface RoleTotals {
  total: number;
  creators: number;
  admins: number;
  attendees: number;
}

/** The badges' totals from the stored counts (null until the stats document exists). */
export function roleTotals(stats: MemberStats | null): RoleTotals | null {
  return stats
    ? {
        total: stats.total,
        creators: stats.creator,
        admins: stats.admin,
        attendees: stats.attendee,
      }
    : null;
}

/**
 * The invite call answers with the invitation link, so the inviter can copy it as well as rely
 * on the e-mail.
 */
export async function inviteMember(eventId: string, body: InviteMemberRequest): Promise<string> {
  const res = await callApi(API.inviteMember, { params: { eventId }, body });
  return res.inviteUrl;
}

export function removeMember(eventId: string, userId: string): Promise<unknown> {
  return callApi(API.removeMember, { params: { eventId, userId } });
}

export function changeMemberRole(
  eventId: string,
  userId: string,
  role: InvitableRole,
): Promise<unknown> {
  return callApi(API.changeRole, { params: { eventId, userId }, body: { role } });
}
