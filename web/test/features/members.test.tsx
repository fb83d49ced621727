import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../src/components/toast-store.ts';
import * as membersData from '../../src/features/members/data.ts';
import MembersPage from '../../src/features/members/MembersPage.tsx';
import { ApiError } from '../../src/lib/api.ts';
import type { MemberDoc, MemberRole } from '../../src/lib/types.ts';
import { makeMyEvent, makeMyEvents, makeScope, renderScreen } from '../render.tsx';
import { member, pagesOf } from './fixtures.ts';
import { searchQuery } from '@gatherly/domain/search';
import * as statsHook from '../../src/lib/use-event-stats.ts';

vi.mock('../../src/features/members/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/members/data.ts')>()),
  useMemberPages: vi.fn(),
  inviteMember: vi.fn(),
  removeMember: vi.fn(),
  changeMemberRole: vi.fn(),
}));
vi.mock('../../src/lib/use-event-stats.ts', () => ({ useEventStats: vi.fn() }));
const data = vi.mocked(membersData);
const eventStats = vi.mocked(statsHook.useEventStats);

const ada = member('u1', 'creator', 'Ada Lovelace');
const grace = member('u2', 'admin', 'Grace Hopper');
const alan = member('u3', 'attendee', 'Alan Turing');
const katherine = member('u4', 'attendee', 'Katherine Johnson', 'kj@nasa.example');

function renderMembers(role: MemberRole, uid = 'u1') {
  const mine = makeMyEvent('e1', role);
  const myEvents = makeMyEvents([mine]);
  const result = renderScreen(<MembersPage />, {
    path: '/events/e1/members',
    pattern: '/events/:eventId/members',
    myEvents,
    scope: makeScope(mine, uid),
    session: {
      status: 'signed-in',
      user: { uid, email: `${uid}@example.com`, displayName: 'Me', photoURL: '' },
      signingIn: false,
      signInAttempted: false,
      domainUnauthorized: false,
      signIn: vi.fn(),
      signOut: vi.fn(),
    },
  });
  return { ...result, myEvents };
}

/** The member pages as the server would answer them (search by stored word prefixes). */
function serve(all: MemberDoc[], loading = false) {
  data.useMemberPages.mockImplementation((_eventId, search) => {
    const q = searchQuery(search);
    return pagesOf(q ? all.filter((m) => q.matches(m.searchTokens)) : all, { loading });
  });
  const count = (role: MemberRole) => all.filter((m) => m.role === role).length;
  eventStats.mockReturnValue({
    loading: false,
    members: {
      total: all.length,
      creator: count('creator'),
      admin: count('admin'),
      attendee: count('attendee'),
    },
    photos: null,
    travel: null,
  });
}

beforeEach(() => {
  serve([ada, grace, alan, katherine]);
});
afterEach(() => {
  resetToasts();
  vi.clearAllMocks();
});

describe('MembersPage', () => {
  it('shows five skeleton cards while loading', () => {
    serve([], true);
    renderMembers('creator');
    expect(screen.getByRole('heading', { name: 'Event Members' })).toBeInTheDocument();
    expect(screen.getByTestId('members-loading').children).toHaveLength(5);
  });

  it('shows the empty state', () => {
    serve([]);
    renderMembers('creator');
    expect(screen.getByText('No Members Yet')).toBeInTheDocument();
    expect(
      screen.getByText('Invite people to join your event and start collaborating.'),
    ).toBeInTheDocument();
  });

  it('shows totals by role and member cards with role badge, email and joined date', () => {
    renderMembers('attendee', 'u3');
    const totals = screen.getByTestId('member-totals');
    expect(within(totals).getByText('Total: 4')).toBeInTheDocument();
    expect(within(totals).getByText('Creators: 1')).toBeInTheDocument();
    expect(within(totals).getByText('Admins: 1')).toBeInTheDocument();
    expect(within(totals).getByText('Attendees: 2')).toBeInTheDocument();
    const cards = screen.getAllByTestId('member-card');
    expect(cards).toHaveLength(4);
    expect(within(cards[0]!).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Creator')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Admin')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Attendee')).toBeInTheDocument();
    expect(within(cards[3]!).getByText('kj@nasa.example')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Joined Mar 5, 2099')).toBeInTheDocument();
  });

  it('searches name or e-mail by word prefix, case-insensitively, with a no-results state', async () => {
    renderMembers('attendee', 'u3');
    const search = screen.getByPlaceholderText('Search members...');
    await userEvent.type(search, 'GRACE');
    expect(screen.getAllByTestId('member-card')).toHaveLength(1);
    await userEvent.clear(search);
    await userEvent.type(search, 'kj');
    expect(screen.getByText('Katherine Johnson')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(screen.getByText('No Members Found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria.')).toBeInTheDocument();
  });

  it('attendees cannot invite, remove or change roles', () => {
    renderMembers('attendee', 'u3');
    expect(screen.queryByRole('button', { name: 'Invite Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('admins remove attendees only (not the creator nor themselves) and cannot change roles', () => {
    renderMembers('admin', 'u2');
    expect(screen.getByRole('button', { name: 'Invite Member' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Grace Hopper' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Alan Turing' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('removes a member after the confirmation dialog', async () => {
    data.removeMember.mockResolvedValue(null);
    const { myEvents } = renderMembers('creator');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Remove Member')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        /cannot be undone and they will lose access to all event information/,
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(data.removeMember).toHaveBeenCalledWith('e1', 'u2'));
    expect(await screen.findByText('Member Removed')).toBeInTheDocument();
    expect(myEvents.refreshCounts).toHaveBeenCalled();
  });

  it('shows the server message when removal fails', async () => {
    data.removeMember.mockRejectedValue(new ApiError(403, 'Only event admins can remove members'));
    renderMembers('creator');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Alan Turing' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Only event admins can remove members')).toBeInTheDocument();
  });

  it('lets the creator change a role through the confirmation dialog with its note', async () => {
    data.changeMemberRole.mockResolvedValue(null);
    renderMembers('creator');
    expect(
      screen.queryByRole('combobox', { name: 'Role of Ada Lovelace' }),
    ).not.toBeInTheDocument();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Role of Alan Turing' }),
      'admin',
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText("Change Alan Turing's role from Attendee to Admin?"),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('role-note')).toHaveTextContent(
      'Admin: Can manage event settings, invite members and modify event content',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    await waitFor(() => expect(data.changeMemberRole).toHaveBeenCalledWith('e1', 'u3', 'admin'));
    expect(await screen.findByText('Role Updated')).toBeInTheDocument();
  });

  it('shows the attendee note and the fallback message when a role change fails', async () => {
    data.changeMemberRole.mockRejectedValue(new Error(''));
    renderMembers('creator');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Role of Grace Hopper' }),
      'attendee',
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('role-note')).toHaveTextContent(
      'Attendee: Standard access without management privileges',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    expect(await screen.findByText('Failed to update role. Please try again.')).toBeInTheDocument();
  });

  it('validates the invite form and shows the link to copy after sending', async () => {
    data.inviteMember.mockResolvedValue('http://localhost/invite/tok123');
    renderMembers('admin', 'u2');
    await userEvent.click(screen.getByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Email Address'), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(
      await within(dialog).findByText('Please enter a valid email address'),
    ).toBeInTheDocument();
    expect(data.inviteMember).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByLabelText('Email Address'));
    await userEvent.type(within(dialog).getByLabelText('Email Address'), 'new@example.com');
    expect(within(dialog).getByLabelText('Role')).toHaveValue('attendee');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(data.inviteMember).toHaveBeenCalledWith('e1', {
        userEmail: 'new@example.com',
        role: 'admin',
      }),
    );
    expect(await within(dialog).findByLabelText('Invitation link')).toHaveValue(
      'http://localhost/invite/tok123',
    );
    expect(within(dialog).getByRole('button', { name: /copy/i })).toHaveTextContent('Copy');
    expect(screen.getByText('Invitation Sent')).toBeInTheDocument();
  });

  it('toasts the server message, or the fallback, when inviting fails', async () => {
    data.inviteMember.mockRejectedValue(new ApiError(409, 'This person has already been invited'));
    renderMembers('creator');
    await userEvent.click(screen.getByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Email Address'), 'grace@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('This person has already been invited')).toBeInTheDocument();
  });
});
