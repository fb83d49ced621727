// Live member list of one event and the API calls that change membership (invitations,
// removal and role changes run on the server: tier caps, tokens, the role-change audit log).
import { collection, orderBy, query, type Firestore, type Timestamp } from 'firebase/firestore';
import { useFirestore, useFirestoreCollectionData } from 'reactfire';
import type {
  InvitableRole,
  InviteMemberRequest,
  Member,
  MemberRole,
} from '@gatherly/domain/entities';
import { apiRequest } from '../../lib/api.ts';

export type MemberDoc = Member<Timestamp | null>;

export function membersQuery(db: Firestore, eventId: string) {
  return query(collection(db, 'events', eventId, 'members'), orderBy('joinedAt', 'asc'));
}

export interface MembersState {
  loading: boolean;
  error: Error | undefined;
  members: MemberDoc[];
}

export function useMembers(eventId: string): MembersState {
  const db = useFirestore();
  const res = useFirestoreCollectionData(membersQuery(db, eventId), { idField: 'id' });
  return {
    loading: res.status === 'loading',
    error: res.error,
    members: (res.data as MemberDoc[] | undefined) ?? [],
  };
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
  if (res?.token) return `${window.location.origin}/invite/${res.token}`;
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
