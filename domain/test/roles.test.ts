import { describe, expect, it } from 'vitest';
import type { MemberRole } from '../src/entities/members.ts';
import {
  EVENT_ACTIONS,
  INVITABLE_ROLES,
  MEMBER_ROLES,
  PERMISSIONS,
  ROLE_CHANGE_NOTES,
  can,
  canChangeRole,
  canInviteAs,
  canRemoveMember,
  drawerRoleLabel,
  eventListRoleLabel,
  invitationRoleLabel,
  isAdminRole,
  isInvitableRole,
  isMemberRole,
  memberRoleLabel,
} from '../src/roles.ts';

describe('role enumerations', () => {
  it('lists creator, admin, attendee and the invitable admin, attendee', () => {
    expect(MEMBER_ROLES).toEqual(['creator', 'admin', 'attendee']);
    expect(INVITABLE_ROLES).toEqual(['admin', 'attendee']);
  });

  it.each([
    ['creator', true, false],
    ['admin', true, true],
    ['attendee', true, true],
    ['member', false, false],
    ['', false, false],
    [undefined, false, false],
    [3, false, false],
  ])('isMemberRole(%s)=%s, isInvitableRole=%s', (value, member, invitable) => {
    expect(isMemberRole(value)).toBe(member);
    expect(isInvitableRole(value)).toBe(invitable);
  });
});

describe('can(role, action): the matrix of (docs/product.md, "Members and roles")', () => {
  it.each([
    ['viewSettings', true, true, false],
    ['editSettings', true, true, false],
    ['inviteMembers', true, true, false],
    ['removeMembers', true, true, false],
    ['changeRoles', true, false, false],
    ['viewRoleManagement', true, false, false],
    ['deleteEvent', true, false, false],
    ['viewEvent', true, true, true],
    ['uploadPhotos', true, true, true],
    ['rsvp', true, true, true],
  ] as const)('%s: creator %s, admin %s, attendee %s', (action, creator, admin, attendee) => {
    expect(can('creator', action)).toBe(creator);
    expect(can('admin', action)).toBe(admin);
    expect(can('attendee', action)).toBe(attendee);
  });

  it('denies every action to non-members', () => {
    for (const action of EVENT_ACTIONS) {
      expect(can(null, action)).toBe(false);
      expect(can(undefined, action)).toBe(false);
    }
  });

  it('grants the creator every action and the attendee nothing admin-only', () => {
    for (const action of EVENT_ACTIONS) {
      expect(can('creator', action)).toBe(true);
      if (PERMISSIONS[action].includes('attendee')) expect(can('attendee', action)).toBe(true);
    }
    expect(EVENT_ACTIONS.filter((a) => can('attendee', a)).sort()).toEqual(
      [
        'addTravel',
        'downloadPhotos',
        'joinCarpool',
        'rsvp',
        'uploadPhotos',
        'viewEvent',
        'votePhotos',
      ].sort(),
    );
  });

  it.each([
    ['creator', true],
    ['admin', true],
    ['attendee', false],
    [null, false],
  ] as const)('isAdminRole(%s) = %s', (role, expected) => {
    expect(isAdminRole(role)).toBe(expected);
  });
});

describe('canRemoveMember', () => {
  const creator = { userId: 'c', role: 'creator' as MemberRole };
  const admin = { userId: 'a', role: 'admin' as MemberRole };
  const admin2 = { userId: 'a2', role: 'admin' as MemberRole };
  const attendee = { userId: 't', role: 'attendee' as MemberRole };

  it('creator removes admins and attendees but not themself', () => {
    expect(canRemoveMember('creator', 'c', admin)).toBe(true);
    expect(canRemoveMember('creator', 'c', attendee)).toBe(true);
    expect(canRemoveMember('creator', 'c', creator)).toBe(false);
  });

  it('admin removes other admins and attendees, never the creator or themself', () => {
    expect(canRemoveMember('admin', 'a', attendee)).toBe(true);
    expect(canRemoveMember('admin', 'a', admin2)).toBe(true);
    expect(canRemoveMember('admin', 'a', creator)).toBe(false);
    expect(canRemoveMember('admin', 'a', admin)).toBe(false);
  });

  it('attendees and non-members remove nobody', () => {
    expect(canRemoveMember('attendee', 't', attendee)).toBe(false);
    expect(canRemoveMember('attendee', 't', admin)).toBe(false);
    expect(canRemoveMember(null, 'x', attendee)).toBe(false);
  });
});

describe('canChangeRole', () => {
  const creator = { userId: 'c', role: 'creator' as MemberRole };
  const admin = { userId: 'a', role: 'admin' as MemberRole };
  const attendee = { userId: 't', role: 'attendee' as MemberRole };

  it('creator switches others between admin and attendee', () => {
    expect(canChangeRole('creator', 'c', attendee)).toBe(true);
    expect(canChangeRole('creator', 'c', attendee, 'admin')).toBe(true);
    expect(canChangeRole('creator', 'c', admin, 'attendee')).toBe(true);
  });

  it('rejects no-op changes and promotion to creator', () => {
    expect(canChangeRole('creator', 'c', admin, 'admin')).toBe(false);
    expect(canChangeRole('creator', 'c', attendee, 'creator')).toBe(false);
  });

  it('never changes the creator role, nor the actor own role', () => {
    expect(canChangeRole('creator', 'c', creator)).toBe(false);
    expect(canChangeRole('creator', 'c', creator, 'admin')).toBe(false);
    expect(canChangeRole('creator', 'x', creator, 'attendee')).toBe(false);
  });

  it('admins and attendees change no roles', () => {
    expect(canChangeRole('admin', 'a', attendee, 'admin')).toBe(false);
    expect(canChangeRole('attendee', 't', admin, 'attendee')).toBe(false);
  });
});

describe('canInviteAs', () => {
  it.each([
    ['creator', 'admin', true],
    ['creator', 'attendee', true],
    ['admin', 'admin', true],
    ['admin', 'attendee', true],
    ['admin', 'creator', false],
    ['creator', 'creator', false],
    ['attendee', 'attendee', false],
  ] as const)('%s inviting as %s: %s', (actor, role, expected) => {
    expect(canInviteAs(actor, role)).toBe(expected);
  });
});

describe('role labels', () => {
  it('event lists say Creator/Admin/Member; badges say Creator/Admin/Attendee', () => {
    expect(
      ['creator', 'admin', 'attendee'].map((r) => eventListRoleLabel(r as MemberRole)),
    ).toEqual(['Creator', 'Admin', 'Member']);
    expect(['creator', 'admin', 'attendee'].map((r) => memberRoleLabel(r as MemberRole))).toEqual([
      'Creator',
      'Admin',
      'Attendee',
    ]);
  });

  it('drawer shows Admin for admin or creator, else Member', () => {
    expect(drawerRoleLabel('creator')).toBe('Admin');
    expect(drawerRoleLabel('admin')).toBe('Admin');
    expect(drawerRoleLabel('attendee')).toBe('Member');
    expect(drawerRoleLabel(undefined)).toBe('Member');
  });

  it('invitation page shows Admin or Attendee; role-change notes exist for both', () => {
    expect(invitationRoleLabel('admin')).toBe('Admin');
    expect(invitationRoleLabel('attendee')).toBe('Attendee');
    expect(ROLE_CHANGE_NOTES.admin).toMatch(
      /manage event settings, invite members and modify event content/,
    );
    expect(ROLE_CHANGE_NOTES.attendee).toMatch(/standard access without management privileges/i);
  });
});
