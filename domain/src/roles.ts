/**
 * Event roles and the permission matrix (docs/product.md, "Members and roles"). The matrix is data so rules, functions and
 * the UI can be checked against one table; target-aware checks (removing members, changing
 * roles) need the actor's uid and the target's role, so they are functions.
 */
import type { InvitableRole, MemberRole } from './entities/members.ts';

export const MEMBER_ROLES: readonly MemberRole[] = ['creator', 'admin', 'attendee'];
export const INVITABLE_ROLES: readonly InvitableRole[] = ['admin', 'attendee'];
export const DEFAULT_INVITE_ROLE: InvitableRole = 'attendee';

export type EventAction =
  | 'viewEvent'
  | 'viewSettings'
  | 'editSettings'
  | 'manageBanner'
  | 'inviteMembers'
  | 'viewInvitations'
  | 'removeMembers'
  | 'changeRoles'
  | 'viewRoleManagement'
  | 'viewRoleChanges'
  | 'deleteEvent'
  | 'manageSchedule'
  | 'sendAnnouncements'
  | 'featurePhotos'
  | 'deleteAnyPhoto'
  | 'editAnyTravel'
  | 'uploadPhotos'
  | 'votePhotos'
  | 'addTravel'
  | 'joinCarpool'
  | 'rsvp'
  | 'viewGuestList'
  | 'recordRsvps'
  | 'downloadPhotos'
  | 'downloadPhotoSelection'
  | 'manageGroups';

const EVERYONE: readonly MemberRole[] = ['creator', 'admin', 'attendee'];
const ADMINS: readonly MemberRole[] = ['creator', 'admin'];
const CREATOR: readonly MemberRole[] = ['creator'];

/** Which roles may perform each action (removeMembers/changeRoles also need the target checks below). */
export const PERMISSIONS: Readonly<Record<EventAction, readonly MemberRole[]>> = {
  viewEvent: EVERYONE,
  viewSettings: ADMINS,
  editSettings: ADMINS,
  manageBanner: ADMINS,
  inviteMembers: ADMINS,
  viewInvitations: ADMINS,
  removeMembers: ADMINS,
  changeRoles: CREATOR,
  viewRoleManagement: CREATOR,
  viewRoleChanges: ADMINS,
  deleteEvent: CREATOR,
  manageSchedule: ADMINS,
  sendAnnouncements: ADMINS,
  featurePhotos: ADMINS,
  deleteAnyPhoto: ADMINS,
  editAnyTravel: ADMINS,
  uploadPhotos: EVERYONE,
  votePhotos: EVERYONE,
  addTravel: EVERYONE,
  joinCarpool: EVERYONE,
  rsvp: EVERYONE,
  viewGuestList: ADMINS,
  manageGroups: ADMINS,
  recordRsvps: ADMINS,
  downloadPhotos: EVERYONE,
  downloadPhotoSelection: ADMINS,
};

export const EVENT_ACTIONS = Object.keys(PERMISSIONS) as EventAction[];

/** Whether a member with `role` may perform `action`; non-members (null/undefined) may do nothing. */
export function can(role: MemberRole | null | undefined, action: EventAction): boolean {
  if (!role) return false;
  return PERMISSIONS[action].includes(role);
}

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);
}

export function isInvitableRole(value: unknown): value is InvitableRole {
  return typeof value === 'string' && (INVITABLE_ROLES as readonly string[]).includes(value);
}

/** "Admin status is true for admin or creator" (docs/product.md, "Members and roles"). */
export function isAdminRole(role: MemberRole | null | undefined): boolean {
  return role === 'admin' || role === 'creator';
}

export interface MemberTarget {
  userId: string;
  role: MemberRole;
}

/**
 * Creator removes anyone but themself; admin removes members who are neither the creator nor
 * themself; attendees remove nobody.
 */
export function canRemoveMember(
  actorRole: MemberRole | null | undefined,
  actorUid: string,
  target: MemberTarget,
): boolean {
  if (!can(actorRole, 'removeMembers')) return false;
  if (target.userId === actorUid) return false;
  if (target.role === 'creator') return false;
  return true;
}

/**
 * Only the creator changes roles, never their own and never the creator's; roles move between
 * admin and attendee. With `newRole`, also checks that it is assignable and differs from the
 * current role; without it, answers "may this member's role be changed at all".
 */
export function canChangeRole(
  actorRole: MemberRole | null | undefined,
  actorUid: string,
  target: MemberTarget,
  newRole?: MemberRole,
): boolean {
  if (!can(actorRole, 'changeRoles')) return false;
  if (target.userId === actorUid) return false;
  if (target.role === 'creator') return false;
  if (newRole === undefined) return true;
  return isInvitableRole(newRole) && newRole !== target.role;
}

/** Admins and the creator may invite, and only as admin or attendee. */
export function canInviteAs(actorRole: MemberRole | null | undefined, role: MemberRole): boolean {
  return can(actorRole, 'inviteMembers') && isInvitableRole(role);
}

/** Badge on member cards and in role management. */
export const MEMBER_ROLE_LABELS: Readonly<Record<MemberRole, string>> = {
  creator: 'Creator',
  admin: 'Admin',
  attendee: 'Attendee',
};

/** Event lists and the switcher call attendees "Member". */
export const EVENT_LIST_ROLE_LABELS: Readonly<Record<MemberRole, string>> = {
  creator: 'Creator',
  admin: 'Admin',
  attendee: 'Member',
};

export function memberRoleLabel(role: MemberRole): string {
  return MEMBER_ROLE_LABELS[role];
}

export function eventListRoleLabel(role: MemberRole): string {
  return EVENT_LIST_ROLE_LABELS[role];
}

/** The side drawer shows only "Admin" (admin or creator) or "Member". */
export function drawerRoleLabel(role: MemberRole | null | undefined): 'Admin' | 'Member' {
  return isAdminRole(role) ? 'Admin' : 'Member';
}

/** Invitation page role: "Admin" or "Attendee". */
export function invitationRoleLabel(role: InvitableRole): string {
  return MEMBER_ROLE_LABELS[role];
}

/** Notes shown in the role-change confirmation dialog (docs/product.md, "Members and roles"). */
export const ROLE_CHANGE_NOTES: Readonly<Record<InvitableRole, string>> = {
  admin: 'Can manage event settings, invite members and modify event content',
  attendee: 'Standard access without management privileges',
};
