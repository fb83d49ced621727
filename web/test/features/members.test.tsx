import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../src/lib/toast-store.ts';
import * as membersData from '../../src/features/members/data.ts';
import MembersPage from '../../src/features/members/MembersPage.tsx';
import { ApiError } from '../../src/lib/api.ts';
import type { GatherlyEvent, MemberDoc, MemberRole } from '../../src/lib/types.ts';
import { makeMyEvent, makeMyEvents, makeScope, renderScreen } from '../render.tsx';
import { member, pagesOf, ts } from './fixtures.ts';
import { searchQuery } from '@gatherly/domain/search';
import * as statsHook from '../../src/lib/use-event-stats.ts';
import * as guestData from '../../src/features/members/guest-list-data.ts';
import type { GuestPages, GuestRow } from '../../src/features/members/guest-list-data.ts';
import type { RsvpsByUserDoc, ScheduleDoc } from '../../src/lib/types.ts';
import * as subscriptionHook from '../../src/features/subscription/use-subscription.ts';
import { subscription } from '../api-mock.ts';
import * as apiClient from '../../src/lib/api-client.ts';
import * as saveLink from '../../src/lib/save-link.ts';
import * as groupsModule from '../../src/features/groups/data.ts';
import type { GroupDoc } from '../../src/lib/types.ts';

vi.mock('../../src/features/members/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/members/data.ts')>()),
  useMemberPages: vi.fn(),
  inviteMember: vi.fn(),
  removeMember: vi.fn(),
  changeMemberRole: vi.fn(),
}));
vi.mock('../../src/lib/use-event-stats.ts', () => ({ useEventStats: vi.fn() }));
vi.mock('../../src/features/members/join-requests-data.ts', () => ({
  usePendingJoinRequests: vi.fn(() => ({ loading: false, requests: [] })),
  decideJoinRequest: vi.fn(),
}));
// The host's guest list reads Firestore (bounded queries); its hooks are stubbed here and its
// data paths are covered by the functions, rules and journey suites.
vi.mock('../../src/features/members/guest-list-data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/members/guest-list-data.ts')>()),
  useScheduleItems: vi.fn(() => []),
  useGuestsByMember: vi.fn(() => guestPages([])),
  useGuestsByAnswer: vi.fn(() => guestPages([])),
  // A group's totals are aggregation queries (their shape and index: functions/test/groups).
  useGroupTotals: vi.fn(() => null),
  usePendingInvitations: vi.fn(() => ({
    invitations: [],
    inviterName: () => null,
    loading: false,
    hasMore: false,
    loadingMore: false,
    loadMore: vi.fn(),
  })),
  recordAnswer: vi.fn(),
  setMemberPlusOnes: vi.fn(),
}));
vi.mock('../../src/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api-client.ts')>()),
  downloadApi: vi.fn(),
}));
vi.mock('../../src/lib/save-link.ts', () => ({ saveBlob: vi.fn(), saveLink: vi.fn() }));
// Guest groups: the hosts' live list and the API calls (their server side has its own tests).
vi.mock('../../src/features/groups/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/groups/data.ts')>()),
  useGroups: vi.fn(() => ({ groups: [], loading: false, error: null })),
  createGroup: vi.fn(),
  renameGroup: vi.fn(),
  deleteGroup: vi.fn(),
  assignGroupMembers: vi.fn(),
}));
vi.mock('../../src/features/subscription/use-subscription.ts', () => ({
  useSubscription: vi.fn(() => ({ subscription: null, loading: false, error: null, reload() {} })),
}));
const data = vi.mocked(membersData);
const groupsData = vi.mocked(groupsModule);
const eventStats = vi.mocked(statsHook.useEventStats);
const guests = vi.mocked(guestData);

/** One loaded window of guest rows, as the guest list's page hooks answer. */
function guestPages(rows: GuestRow[]): GuestPages {
  return {
    rows,
    loading: false,
    hasMore: false,
    loadingMore: false,
    loadMore: vi.fn(),
    error: null,
  };
}

const ceremony: ScheduleDoc = {
  id: 's1',
  eventId: 'e1',
  title: 'Ceremony',
  description: '',
  startTime: '2099-06-12T16:00:00.000Z',
  endTime: null,
  location: '',
  createdBy: 'u1',
  createdAt: ts('2099-01-01T10:00:00.000Z'),
  rsvpCounts: { going: 2, maybe: 1, notGoing: 0 },
};

function answers(m: MemberDoc, status: 'going' | 'maybe', recordedBy?: string): RsvpsByUserDoc {
  return {
    id: m.userId,
    eventId: 'e1',
    userId: m.userId,
    user: { displayName: m.user.displayName, photoURL: '' },
    statuses: { s1: status },
    respondedAt: { s1: ts('2099-03-06T12:00:00.000Z') },
    recordedBy: recordedBy ? { s1: recordedBy } : {},
  };
}

const ada = member('u1', 'creator', 'Ada Lovelace');
const grace = member('u2', 'admin', 'Grace Hopper');
const alan = member('u3', 'attendee', 'Alan Turing');
const katherine = member('u4', 'attendee', 'Katherine Johnson', 'kj@nasa.example');

function renderMembers(role: MemberRole, uid = 'u1', event: Partial<GatherlyEvent> = {}) {
  const mine = makeMyEvent('e1', role, event);
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
      prepareSignIn: vi.fn(),
      signOut: vi.fn(),
      renamed: vi.fn(),
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
  guests.useScheduleItems.mockReturnValue([]);
});

/** The viewer's subscription has loaded: `tier`, with usage of 1 of 2. */
function onPlan(tier: 'free' | 'paid'): void {
  vi.mocked(subscriptionHook.useSubscription).mockReturnValue({
    subscription: subscription(tier, [1, 2]),
    loading: false,
    error: null,
    reload() {},
  });
}

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

  it('admins and the creator get the guest list and pending invitations; attendees do not', async () => {
    renderMembers('admin');
    // The members tab opens first; the other tabs read nothing until opened.
    expect(screen.getAllByTestId('member-card')).toHaveLength(4);
    expect(guests.useGuestsByMember).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'Guest List' }));
    expect(await screen.findByRole('heading', { name: 'Guest List' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Pending Invitations' }));
    expect(await screen.findByRole('heading', { name: 'Pending Invitations' })).toBeInTheDocument();
    expect(screen.getByText('No pending invitations.')).toBeInTheDocument();
  });

  it('Export CSV waits for the plan: no upgrade offer before it is known', async () => {
    vi.mocked(subscriptionHook.useSubscription).mockReturnValue({
      subscription: null,
      loading: true,
      error: null,
      reload() {},
    });
    renderMembers('creator');
    await userEvent.click(screen.getByRole('tab', { name: 'Guest List' }));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('on a plan with data export, Export CSV saves the file the server builds', async () => {
    onPlan('paid');
    const file = new Blob(['Name,Email'], { type: 'text/csv' });
    vi.mocked(apiClient.downloadApi).mockResolvedValue(file);
    renderMembers('creator');
    await userEvent.click(screen.getByRole('tab', { name: 'Guest List' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveLink.saveBlob).toHaveBeenCalledWith(file, expect.any(String)));
    expect(apiClient.downloadApi).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'exportGuestList' }),
      { params: { eventId: 'e1' } },
    );
  });

  it("an admin's export is decided by the server, its refusal shown as a sentence", async () => {
    const refusal =
      "Premium subscription required: this event's plan does not include the guest list export";
    vi.mocked(apiClient.downloadApi).mockRejectedValue(new ApiError(403, refusal));
    renderMembers('admin');
    await userEvent.click(screen.getByRole('tab', { name: 'Guest List' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(saveLink.saveBlob).not.toHaveBeenCalled();
    // An admin's own plan says nothing about the event's: it is never asked for.
    expect(subscriptionHook.useSubscription).toHaveBeenCalledWith(false);
  });

  it('on a plan without data export, Export CSV explains the upgrade instead of exporting', async () => {
    onPlan('free');
    renderMembers('creator');
    await userEvent.click(screen.getByRole('tab', { name: 'Guest List' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    expect(
      within(dialog).getByText(
        'Exporting the guest list is not part of the Free plan. Upgrade to Pro to use it.',
      ),
    ).toBeInTheDocument();
  });

  it('pending invitations say who invited and when (a removed inviter is left out)', async () => {
    const invitation = (id: string, email: string, invitedByUserId: string) => ({
      id,
      eventId: 'e1',
      email,
      role: 'attendee' as const,
      status: 'pending' as const,
      invitedByUserId,
      invitedAt: ts('2026-11-20T18:00:00.000Z'),
      respondedAt: null,
    });
    guests.usePendingInvitations.mockReturnValue({
      invitations: [
        invitation('i1', 'sam@example.com', 'u1'),
        invitation('i2', 'kim@example.com', 'gone'),
      ],
      inviterName: (inv) => (inv.invitedByUserId === 'u1' ? 'Ada Lovelace' : null),
      loading: false,
      hasMore: false,
      loadingMore: false,
      loadMore: vi.fn(),
    });
    renderMembers('creator');
    await userEvent.click(screen.getByRole('tab', { name: 'Pending Invitations' }));
    const rows = await screen.findAllByTestId('pending-invitation');
    expect(
      within(rows[0]!).getByText('Invited by Ada Lovelace on Nov 20, 2026'),
    ).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Invited on Nov 20, 2026')).toBeInTheDocument();
  });

  it("shows each guest's answer with totals from the stored counts, filters and records answers", async () => {
    guests.useScheduleItems.mockReturnValue([ceremony]);
    guests.useGuestsByMember.mockReturnValue(
      guestPages([
        { uid: 'u1', member: ada, answers: answers(ada, 'going'), questionAnswers: undefined },
        {
          uid: 'u3',
          member: alan,
          answers: answers(alan, 'maybe', 'u1'),
          questionAnswers: undefined,
        },
        { uid: 'u4', member: katherine, answers: undefined, questionAnswers: undefined },
      ]),
    );
    guests.useGuestsByAnswer.mockReturnValue(
      guestPages([
        { uid: 'u1', member: ada, answers: answers(ada, 'going'), questionAnswers: undefined },
      ]),
    );
    guests.recordAnswer.mockResolvedValue(null);
    renderMembers('creator');
    await userEvent.click(screen.getByRole('tab', { name: 'Guest List' }));
    const totals = await screen.findByTestId('guest-totals');
    expect(within(totals).getByText('Going: 2')).toBeInTheDocument();
    expect(within(totals).getByText('Maybe: 1')).toBeInTheDocument();
    // Members total (4, stats/members) minus the 3 replies.
    expect(within(totals).getByText('No answer: 1')).toBeInTheDocument();
    // Counts stored before parties existed: heads = replies going.
    expect(within(totals).getByText('2 going · 3 replies')).toBeInTheDocument();
    expect(within(totals).getByText('Waitlisted: 0')).toBeInTheDocument();
    const rows = screen.getAllByTestId('guest-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('guest-answer')).toHaveTextContent('Going');
    expect(within(rows[0]!).getByText('Answered · Mar 6, 2099')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Recorded by the host · Mar 6, 2099')).toBeInTheDocument();
    expect(within(rows[2]!).getByTestId('guest-answer')).toHaveTextContent('No answer');
    expect(guests.useGuestsByMember).toHaveBeenLastCalledWith(
      'e1',
      null,
      'joined',
      '',
      false,
      null,
    );

    await userEvent.selectOptions(
      within(rows[2]!).getByRole('combobox', { name: 'Record an answer for Katherine Johnson' }),
      'going',
    );
    await waitFor(() =>
      expect(guests.recordAnswer).toHaveBeenCalledWith('e1', 's1', 'u4', 'going'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'No answer' }));
    expect(guests.useGuestsByMember).toHaveBeenLastCalledWith(
      'e1',
      's1',
      'joined',
      '',
      false,
      null,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Going' }));
    expect(guests.useGuestsByAnswer).toHaveBeenLastCalledWith(
      'e1',
      's1',
      'going',
      'joined',
      '',
      false,
      null,
    );
    expect(screen.getAllByTestId('guest-row')).toHaveLength(1);
  });

  it("shows heads, the waitlist, each guest's party and answers to the host's questions", async () => {
    const dietary = {
      id: 'dietary-needs',
      label: 'Dietary needs',
      kind: 'multi' as const,
      options: ['Vegetarian', 'Vegan', 'Nut allergy'],
      required: true,
    };
    const song = {
      id: 'song',
      label: 'Song request',
      kind: 'text' as const,
      options: [],
      required: false,
    };
    guests.useScheduleItems.mockReturnValue([
      {
        ...ceremony,
        rsvpCounts: {
          going: 2,
          maybe: 1,
          notGoing: 0,
          goingHeads: 5,
          waitlisted: 1,
          waitlistedHeads: 2,
        },
      },
    ]);
    const withParty: RsvpsByUserDoc = {
      ...answers(ada, 'going'),
      parties: {
        s1: {
          size: 3,
          guests: [
            { name: 'Sam Lee', child: false },
            { name: 'Mia Lee', child: true },
          ],
        },
      },
    };
    const waiting: RsvpsByUserDoc = {
      ...answers(alan, 'going'),
      statuses: { s1: 'waitlisted' },
      parties: { s1: { size: 2, guests: [{ name: 'Joan Clarke', child: false }] } },
    };
    guests.useGuestsByMember.mockReturnValue(
      guestPages([
        {
          uid: 'u1',
          member: ada,
          answers: withParty,
          questionAnswers: {
            id: 'u1',
            eventId: 'e1',
            userId: 'u1',
            // An answer to a removed question is not shown.
            answers: { 'dietary-needs': ['Vegetarian', 'Nut allergy'], removed: 'x' },
            updatedAt: null,
          },
        },
        { uid: 'u3', member: alan, answers: waiting, questionAnswers: undefined },
      ]),
    );
    renderMembers('creator', 'u1', { plusOnesAllowed: 2, questions: [dietary, song] });
    await userEvent.click(screen.getByRole('tab', { name: 'Guest List' }));
    const totals = await screen.findByTestId('guest-totals');
    expect(within(totals).getByText('Waitlisted: 1')).toBeInTheDocument();
    // 4 members: 2 going, 1 maybe, 1 waiting.
    expect(within(totals).getByText('No answer: 0')).toBeInTheDocument();
    expect(within(totals).getByText('5 going · 3 replies · 2 waiting')).toBeInTheDocument();
    expect(guests.useGuestsByMember).toHaveBeenLastCalledWith('e1', null, 'joined', '', true, null);
    const [adaRow, alanRow] = screen.getAllByTestId('guest-row');
    expect(within(adaRow!).getByTestId('guest-party')).toHaveTextContent(
      'Party of 3: Sam Lee; Mia Lee (child)',
    );
    const given = within(adaRow!).getByTestId('guest-question-answers');
    expect(given).toHaveTextContent('Dietary needs:Vegetarian; Nut allergy');
    expect(given).not.toHaveTextContent('Song request');
    expect(within(alanRow!).getByTestId('guest-answer')).toHaveTextContent('Waitlisted');
    expect(within(alanRow!).getByTestId('guest-party')).toHaveTextContent(
      'Party of 2: Joan Clarke',
    );
    expect(within(alanRow!).queryByTestId('guest-question-answers')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Waitlisted' }));
    expect(guests.useGuestsByAnswer).toHaveBeenLastCalledWith(
      'e1',
      's1',
      'waitlisted',
      'joined',
      '',
      true,
      null,
    );
  });

  it("changes one member's plus-ones: a number of their own, or back to the event's", async () => {
    guests.useScheduleItems.mockReturnValue([ceremony]);
    guests.useGuestsByMember.mockReturnValue(
      guestPages([
        { uid: 'u3', member: alan, answers: undefined, questionAnswers: undefined },
        {
          uid: 'u4',
          member: { ...katherine, plusOnesAllowed: 3 },
          answers: undefined,
          questionAnswers: undefined,
        },
      ]),
    );
    guests.setMemberPlusOnes.mockResolvedValue(4);
    renderMembers('creator', 'u1', { plusOnesAllowed: 1 });
    await userEvent.click(screen.getByRole('tab', { name: 'Guest List' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Plus-ones: 1, change for Alan Turing' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Plus-ones for Alan Turing' });
    const allowance = () => within(dialog).getByLabelText('Guests this member may bring');
    expect(allowance()).toHaveValue('event');
    expect(
      within(dialog).getByRole('option', { name: "Use the event's setting (1 guest)" }),
    ).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      "Use the event's setting (1 guest)",
      'No guests',
      'Up to 1 guest',
      ...Array.from({ length: 9 }, (_, i) => `Up to ${i + 2} guests`),
    ]);
    await userEvent.selectOptions(allowance(), '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(guests.setMemberPlusOnes).toHaveBeenCalledWith('e1', 'u3', 4));
    expect(await screen.findByText('Alan Turing may bring up to 4 guests.')).toBeInTheDocument();

    // Katherine has her own: the dialog starts there; the server's refusal is a sentence.
    guests.setMemberPlusOnes.mockRejectedValue(new ApiError(404, 'Member not found'));
    await userEvent.click(
      screen.getByRole('button', { name: 'Plus-ones: 3 (custom), change for Katherine Johnson' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Plus-ones for Katherine Johnson' });
    expect(allowance()).toHaveValue('3');
    await userEvent.selectOptions(allowance(), 'event');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(guests.setMemberPlusOnes).toHaveBeenCalledWith('e1', 'u4', null));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Member not found');
  });

  it('attendees cannot invite, remove or change roles', () => {
    renderMembers('attendee', 'u3');
    expect(screen.queryByRole('heading', { name: 'Guest List' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Guest List' })).not.toBeInTheDocument();
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

  describe('guest groups', () => {
    const party: GroupDoc = { id: 'g1', eventId: 'e1', name: 'Wedding party', createdAt: null };
    const family: GroupDoc = { id: 'g2', eventId: 'e1', name: 'Family', createdAt: null };
    const withGroups = (groups: GroupDoc[]) =>
      groupsData.useGroups.mockReturnValue({ groups, loading: false, error: null });

    it('hosts add, rename and delete groups; the server’s refusal is shown as a sentence', async () => {
      withGroups([party]);
      const answered = (g: GroupDoc) => ({
        group: { ...g, createdAt: '2099-01-01T00:00:00.000Z' },
      });
      groupsData.createGroup.mockResolvedValue(answered(family));
      groupsData.renameGroup.mockResolvedValue(answered({ ...party, name: 'Bridal party' }));
      groupsData.deleteGroup.mockRejectedValue(
        new ApiError(409, 'Take its members out of the group and lift its item limits first.'),
      );
      renderMembers('creator');
      await userEvent.click(screen.getByRole('tab', { name: 'Guest List' }));
      const card = await screen.findByTestId('groups-card');
      expect(within(card).getByText('Wedding party')).toBeInTheDocument();
      // A blank name is refused before any request.
      await userEvent.click(within(card).getByRole('button', { name: 'Add group' }));
      expect(within(card).getByText('Give the group a name.')).toBeInTheDocument();
      expect(groupsData.createGroup).not.toHaveBeenCalled();
      await userEvent.type(within(card).getByLabelText('New group'), '  Family ');
      await userEvent.click(within(card).getByRole('button', { name: 'Add group' }));
      await waitFor(() => expect(groupsData.createGroup).toHaveBeenCalledWith('e1', 'Family'));
      expect(within(card).getByLabelText('New group')).toHaveValue('');

      await userEvent.click(within(card).getByRole('button', { name: 'Rename Wedding party' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.clear(within(dialog).getByLabelText('Name'));
      await userEvent.type(within(dialog).getByLabelText('Name'), 'Bridal party');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(groupsData.renameGroup).toHaveBeenCalledWith('e1', 'g1', 'Bridal party'),
      );

      await userEvent.click(within(card).getByRole('button', { name: 'Delete Wedding party' }));
      const confirm = await screen
        .findByRole('alertdialog')
        .catch(() => screen.findByRole('dialog'));
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(groupsData.deleteGroup).toHaveBeenCalledWith('e1', 'g1'));
      expect(
        await screen.findByText(
          'Take its members out of the group and lift its item limits first.',
        ),
      ).toBeInTheDocument();
    });

    it('the guest list filters by group, exports that group and puts several guests in a group at once', async () => {
      withGroups([family, party]);
      onPlan('paid');
      vi.mocked(apiClient.downloadApi).mockResolvedValue(new Blob(['x'], { type: 'text/csv' }));
      groupsData.assignGroupMembers.mockResolvedValue({ groupId: 'g1', changed: 2 });
      guests.useScheduleItems.mockReturnValue([ceremony]);
      guests.useGuestsByMember.mockReturnValue(
        guestPages([
          {
            uid: 'u1',
            member: { ...ada, groupIds: ['g1'] },
            answers: undefined,
            questionAnswers: undefined,
          },
          { uid: 'u3', member: alan, answers: undefined, questionAnswers: undefined },
          { uid: 'u4', member: katherine, answers: undefined, questionAnswers: undefined },
        ]),
      );
      renderMembers('creator');
      await userEvent.click(screen.getByRole('tab', { name: 'Guest List' }));
      const rows = await screen.findAllByTestId('guest-row');
      expect(within(rows[0]!).getByTestId('guest-group')).toHaveTextContent('Wedding party');
      expect(within(rows[1]!).queryByTestId('guest-group')).toBeNull();

      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Guest group' }), 'g1');
      expect(guests.useGuestsByMember).toHaveBeenLastCalledWith(
        'e1',
        null,
        'joined',
        '',
        false,
        'g1',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Export group CSV' }));
      await waitFor(() =>
        expect(apiClient.downloadApi).toHaveBeenCalledWith(
          expect.objectContaining({ name: 'exportGuestList' }),
          { params: { eventId: 'e1' }, query: { group: 'g1' } },
        ),
      );

      const bar = screen.getByTestId('group-assign');
      expect(within(bar).getByRole('button', { name: 'Add to group' })).toBeDisabled();
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select Alan Turing' }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select Katherine Johnson' }));
      expect(within(bar).getByText('2 guests selected')).toBeInTheDocument();
      await userEvent.selectOptions(
        within(bar).getByRole('combobox', { name: 'Group for the selected guests' }),
        'g1',
      );
      await userEvent.click(within(bar).getByRole('button', { name: 'Add to group' }));
      await waitFor(() =>
        expect(groupsData.assignGroupMembers).toHaveBeenCalledWith('e1', 'g1', {
          add: ['u3', 'u4'],
        }),
      );
      expect(await screen.findByText('2 guests added to Wedding party.')).toBeInTheDocument();
      expect(within(bar).getByText('Tick guests to put them in a group.')).toBeInTheDocument();
    });

    it("with a group chosen, the totals are the group's, re-read after an assignment", async () => {
      withGroups([party]);
      guests.useScheduleItems.mockReturnValue([ceremony]);
      guests.useGroupTotals.mockImplementation((_e, _item, groupId) =>
        groupId === 'g1'
          ? {
              going: 1,
              waitlisted: 1,
              maybe: 0,
              notGoing: 1,
              goingHeads: 3,
              waitlistedHeads: 2,
              members: 5,
            }
          : null,
      );
      groupsData.assignGroupMembers.mockResolvedValue({ groupId: 'g1', changed: 1 });
      guests.useGuestsByMember.mockReturnValue(
        guestPages([{ uid: 'u3', member: alan, answers: undefined, questionAnswers: undefined }]),
      );
      renderMembers('creator');
      await userEvent.click(screen.getByRole('tab', { name: 'Guest List' }));
      const totals = await screen.findByTestId('guest-totals');
      // Everyone: the item's stored totals and the event's members (4).
      expect(totals).toHaveTextContent('Going: 2');
      expect(totals).toHaveTextContent('No answer: 1');
      expect(totals).toHaveTextContent('2 going · 3 replies');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Guest group' }), 'g1');
      expect(guests.useGroupTotals).toHaveBeenLastCalledWith('e1', 's1', 'g1', expect.any(String));
      expect(totals).toHaveTextContent('Going: 1');
      expect(totals).toHaveTextContent('Waitlisted: 1');
      expect(totals).toHaveTextContent('Maybe: 0');
      expect(totals).toHaveTextContent('Not Going: 1');
      // The group's 5 members minus its 3 answers (waiting members have answered).
      expect(totals).toHaveTextContent('No answer: 2');
      expect(totals).toHaveTextContent('3 going · 2 replies · 2 waiting');
      // Moving guests between groups reads the group's totals again.
      const before = guests.useGroupTotals.mock.lastCall?.[3];
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select Alan Turing' }));
      const bar = screen.getByTestId('group-assign');
      await userEvent.selectOptions(
        within(bar).getByRole('combobox', { name: 'Group for the selected guests' }),
        'g1',
      );
      await userEvent.click(within(bar).getByRole('button', { name: 'Add to group' }));
      await waitFor(() => expect(guests.useGroupTotals.mock.lastCall?.[3]).not.toEqual(before));
      // Until another group's totals arrive they read '…', never the event's.
      guests.useGroupTotals.mockReturnValue(null);
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Guest group' }), '');
      expect(totals).toHaveTextContent('Going: 2');
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Guest group' }), 'g1');
      expect(totals).toHaveTextContent('Going: …');
      expect(totals).toHaveTextContent('No answer: …');
    });

    it('an invitation can carry groups', async () => {
      withGroups([family, party]);
      data.inviteMember.mockResolvedValue('http://localhost/invite/tok123');
      renderMembers('admin', 'u2');
      await userEvent.click(screen.getByRole('button', { name: 'Invite Member' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText('Email Address'), 'best@example.com');
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Wedding party' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
      await waitFor(() =>
        expect(data.inviteMember).toHaveBeenCalledWith('e1', {
          userEmail: 'best@example.com',
          role: 'attendee',
          groupIds: ['g1'],
        }),
      );
    });

    it('attendees read no groups', () => {
      renderMembers('attendee', 'u3');
      expect(groupsData.useGroups).toHaveBeenCalledWith('e1', false);
      expect(screen.queryByTestId('groups-card')).toBeNull();
    });
  });
});
