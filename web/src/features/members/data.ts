// Live member list of one event and the API calls that change membership (invitations,
// removal and role changes run on the server: tier caps, tokens, the role-change audit log).
import { limit, orderBy, query, type Firestore } from 'firebase/firestore';
import { useFirestore, useFirestoreCollectionData } from 'reactfire';
import type { InvitableRole, InviteMemberRequest, MemberRole } from '@gatherly/domain/entities';
import { apiRequest } from '../../lib/api.ts';
import { membersRef, roleChangesRef } from '../../lib/db/refs.ts';
import { inviteHref } from '../../lib/paths.ts';
import type { MemberDoc, RoleChangeDoc } from '../../lib/types.ts';

export function membersQuery(db: Firestore, eventId: string) {
  return query(membersRef(db, eventId), orderBy('joinedAt', 'asc'));
}

export interface MembersState {
  loading: boolean;
  error: Error | undefined;
  members: MemberDoc[];
}

export function useMembers(eventId: string): MembersState {
  const db = useFirestore();
  const res = useFirestoreCollectionData(membersQuery(db, eventId));
  return { loading: res.status === 'loading', error: res.error, members: res.data ?? [] };
}

/** The newest `max` role changes of the event (admins and the creator may read them). */
export function useRoleChanges(eventId: string, max: number): RoleChangeDoc[] {
  const db = useFirestore();
  const res = useFirestoreCollectionData(
    query(roleChangesRef(db, eventId), orderBy('changedAt', 'desc'), limit(max)),
  );
  return res.data ?? [];
}

export interface RoleTotals {
  total: number;
  creators: number;
  admins: number;
  attendees: number;
}

export function roleTotals(members: readonly { role: MemberRole }[]): RoleTotals {
  return {
    total: members.length,
    creators: members.filter((m) => m.role === 'creator').length,
    admins: members.filter((m) => m.role === 'admin').length,
    attendees: members.filter((m) => m.role === 'attendee').length,
  };
}

/** Case-insensitive search over display name and e-mail. */
export function searchMembers<M extends { user: { displayName: string; email: string } }>(
  members: readonly M[],
  search: string,
): M[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...members];
  return members.filter(
    (m) =>
      m.user.displayName.toLowerCase().includes(needle) ||
      m.user.email.toLowerCase().includes(needle),
  );
}

/**
 * The invite call answers with the invitation link so the inviter can copy it as well as rely
 * on the e-mail; `inviteUrl` is the full link, `token` the bare token.
 */
export interface InviteResponse {
  inviteUrl?: string;
  token?: string;
}

export async function inviteMember(
  eventId: string,
  body: InviteMemberRequest,
): Promise<string | null> {
  const res = await apiRequest<InviteResponse | null>(
    'POST',
    `/api/events/${eventId}/members`,
    body,
  );
  if (res?.inviteUrl) return res.inviteUrl;
  if (res?.token) return `${window.location.origin}${inviteHref(res.token)}`;
  return null;
}

export function removeMember(eventId: string, userId: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/events/${eventId}/members/${userId}`);
}

export function changeMemberRole(
  eventId: string,
  userId: string,
  role: InvitableRole,
): Promise<unknown> {
  return apiRequest('PATCH', `/api/events/${eventId}/members/${userId}/role`, { role });
}
