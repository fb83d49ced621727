import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as live from '../../src/lib/live/index.ts';
import { ANNOUNCEMENT_MESSAGES } from '@gatherly/domain/email/announcements';
import type { Announcement } from '@gatherly/domain/entities/activity';
import { resetToasts } from '../../src/lib/toast-store.ts';
import ActivityPage from '../../src/features/activity/ActivityPage.tsx';
import * as activityData from '../../src/features/activity/data.ts';
import {
  sentDescription,
  toAnnouncementRequest,
  validateAnnouncement,
} from '../../src/features/activity/announcements.ts';
import { apiRequest } from '../../src/lib/api.ts';
import type { MemberRole } from '../../src/lib/types.ts';
import { ApiError, routeApi } from '../api-mock.ts';
import { goOffline } from '../offline.ts';
import { makeMyEvent, makeMyEvents, makeScope, renderScreen } from '../render.tsx';
import { testDb } from './firebase-stub.ts';

vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => testDb,
  useLiveQuery: vi.fn(),
  useLiveQueryState: vi.fn(),
}));
vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
vi.mock('../../src/features/activity/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/activity/data.ts')>()),
  useActivityPages: vi.fn(),
}));
const api = vi.mocked(apiRequest);
const collectionData = vi.mocked(live.useLiveQuery);
const groupsData = vi.mocked(live.useLiveQueryState);
const GROUPS = [
  { id: 'g1', eventId: 'e1', name: 'Wedding party', createdAt: null },
  { id: 'g2', eventId: 'e1', name: 'Family', createdAt: null },
];
const POST = 'POST /api/events/e1/announcements';

const ITEMS = [
  { id: 's1', title: 'Rehearsal dinner', startTime: '2099-06-11T01:00:00.000Z' },
  { id: 's2', title: 'Ceremony', startTime: '2099-06-12T23:00:00.000Z' },
];

function announcement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 'n1',
    eventId: 'e1',
    authorId: 'u1',
    author: { displayName: 'Ada Lovelace', photoURL: '' },
    message: 'Shuttle at 5:30',
    audience: { kind: 'all' },
    audienceLabel: 'Everyone',
    recipientCount: 3,
    createdAt: '2099-06-01T10:00:00.000Z',
    ...overrides,
  };
}

function renderActivity(role: MemberRole = 'admin') {
  const mine = makeMyEvent('e1', role, { timeZone: 'America/Los_Angeles' });
  return renderScreen(<ActivityPage />, {
    path: '/events/e1/activity',
    pattern: '/events/:eventId/activity',
    myEvents: makeMyEvents([mine]),
    scope: makeScope(mine),
  });
}

async function openComposer() {
  await userEvent.click(screen.getByRole('button', { name: 'Send Announcement' }));
  return screen.findByRole('dialog', { name: 'Send Announcement' });
}

beforeEach(() => {
  vi.mocked(activityData.useActivityPages).mockReturnValue({
    loading: false,
    error: undefined,
    entries: [],
    hasMore: false,
    loadingMore: false,
    loadMore: vi.fn(),
  });
  collectionData.mockReturnValue({ loading: false, data: ITEMS });
  groupsData.mockReturnValue({ status: 'ready', data: [] });
});
afterEach(() => {
  resetToasts();
  vi.clearAllMocks();
});

describe('the announcement composer', () => {
  it('is offered to admins and the creator, never to attendees', () => {
    const { unmount } = renderActivity('attendee');
    expect(screen.queryByRole('button', { name: 'Send Announcement' })).not.toBeInTheDocument();
    unmount();
    renderActivity('creator');
    expect(screen.getByRole('button', { name: 'Send Announcement' })).toBeInTheDocument();
  });

  it('offers Everyone and each answer for each item, the items named with their time in the event zone', async () => {
    renderActivity();
    const dialog = await openComposer();
    const picker = within(dialog).getByRole('combobox', { name: 'Send to' });
    expect(picker).toHaveValue('all');
    const options = within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Everyone',
      'Going to Rehearsal dinner',
      'Maybe for Rehearsal dinner',
      'Not going to Rehearsal dinner',
      'No answer yet for Rehearsal dinner',
      'Going to Ceremony',
      'Maybe for Ceremony',
      'Not going to Ceremony',
      'No answer yet for Ceremony',
    ]);
    const groups = picker.querySelectorAll('optgroup');
    expect(groups[0]).toHaveAttribute('label', expect.stringContaining('6:00 PM PDT'));
  });

  it("shows the schema's messages and sends nothing until the message is valid", async () => {
    renderActivity();
    const dialog = await openComposer();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Announcement' }));
    expect(await within(dialog).findByText(ANNOUNCEMENT_MESSAGES.messageRequired)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Message'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Announcement' }));
    expect(within(dialog).getByText(ANNOUNCEMENT_MESSAGES.messageRequired)).toBeVisible();
    expect(api).not.toHaveBeenCalled();
    expect(validateAnnouncement({ message: 'x'.repeat(2001), audience: 'all' })).toEqual({
      message: ANNOUNCEMENT_MESSAGES.messageTooLong,
    });
    expect(validateAnnouncement({ message: 'Hi', audience: 'soon:s1' })).toEqual({
      audience: ANNOUNCEMENT_MESSAGES.answerRequired,
    });
  });

  it('sends to those going to an item and says how many were e-mailed', async () => {
    const sent = vi.fn<(body: unknown) => unknown>(() => ({
      announcement: announcement({
        audience: { kind: 'rsvp', scheduleId: 's1', status: 'going' },
        audienceLabel: 'Going to Rehearsal dinner',
        recipientCount: 2,
      }),
    }));
    routeApi(api, { [POST]: sent });
    renderActivity();
    const dialog = await openComposer();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Send to' }),
      'going:s1',
    );
    await userEvent.type(within(dialog).getByLabelText('Message'), '  Shuttle at 5:30  ');
    expect(within(dialog).getByTestId('message-length')).toHaveTextContent('15 / 2000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Announcement' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith({
        message: 'Shuttle at 5:30',
        audience: { scheduleId: 's1', status: 'going' },
      }),
    );
    expect(await screen.findByText('Announcement Sent')).toBeInTheDocument();
    expect(
      screen.getByText(
        'E-mailed to 2 members (Going to Rehearsal dinner) and added to the activity feed.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's sentence when the daily limit is reached", async () => {
    const limit =
      'Premium subscription required: the Free plan allows 2 announcements per event per day';
    routeApi(api, {
      [POST]: () => {
        throw new ApiError(403, limit);
      },
    });
    renderActivity();
    const dialog = await openComposer();
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello all');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Announcement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(limit);
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Hello all');
  });

  it('shows a sentence, never a raw answer, when the server fails oddly', async () => {
    routeApi(api, {
      [POST]: () => {
        throw new ApiError(502, '502: <html>Bad gateway</html>');
      },
    });
    renderActivity();
    const dialog = await openComposer();
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello all');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Announcement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The announcement could not be sent. Please try again.',
    );
  });

  it('needs a connection: offline it says so and sends nothing', async () => {
    renderActivity();
    const dialog = await openComposer();
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello all');
    const back = goOffline();
    try {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send Announcement' }));
      expect(
        await screen.findByText(
          "Sending an announcement needs a connection. You're offline: try again when you're back online.",
        ),
      ).toBeInTheDocument();
      expect(api).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog', { name: 'Send Announcement' })).toBeInTheDocument();
    } finally {
      back();
    }
  });
});

describe('the composer with guest groups', () => {
  it('offers the groups only when the event has some, and asks for at least one', async () => {
    renderActivity();
    let dialog = await openComposer();
    let picker = within(dialog).getByRole('combobox', { name: 'Send to' });
    expect(within(picker).queryByRole('option', { name: 'Guest groups…' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    groupsData.mockReturnValue({ status: 'ready', data: GROUPS });
    dialog = await openComposer();
    picker = within(dialog).getByRole('combobox', { name: 'Send to' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Wedding party' })).toBeNull();
    await userEvent.selectOptions(picker, 'groups');
    // By name, as the guest list shows them.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Family', 'Wedding party']);
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Rehearsal at 5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Announcement' }));
    expect(await within(dialog).findByText(ANNOUNCEMENT_MESSAGES.groupsRequired)).toBeVisible();
    expect(api).not.toHaveBeenCalled();
  });

  it('sends to the ticked groups and says who got it and who sees it', async () => {
    groupsData.mockReturnValue({ status: 'ready', data: GROUPS });
    const sent = vi.fn<(body: unknown) => unknown>(() => ({
      announcement: announcement({
        audience: { kind: 'groups', groupIds: ['g1'] },
        audienceLabel: 'Wedding party',
        itemLimited: true,
        groupAccess: { g1: true },
        recipientCount: 2,
      }),
    }));
    routeApi(api, { [POST]: sent });
    renderActivity();
    const dialog = await openComposer();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Send to' }),
      'groups',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Wedding party' }));
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Rehearsal at 5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Announcement' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith({
        message: 'Rehearsal at 5',
        audience: { groupIds: ['g1'] },
      }),
    );
    expect(
      await screen.findByText(
        'E-mailed to 2 members (To: Wedding party). Only their members and the hosts see it in the activity feed.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's sentence for a group deleted meanwhile", async () => {
    groupsData.mockReturnValue({ status: 'ready', data: GROUPS });
    routeApi(api, {
      [POST]: () => {
        throw new ApiError(400, ANNOUNCEMENT_MESSAGES.unknownGroups);
      },
    });
    renderActivity();
    const dialog = await openComposer();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Send to' }),
      'groups',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Family' }));
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Announcement' }));
    expect(await within(dialog).findByText(ANNOUNCEMENT_MESSAGES.unknownGroups)).toBeVisible();
  });
});

describe('announcement helpers', () => {
  it('turn the picker value into the request', () => {
    expect(toAnnouncementRequest({ message: 'Hi', audience: 'all' })).toEqual({
      message: 'Hi',
      audience: null,
    });
    expect(toAnnouncementRequest({ message: 'Hi', audience: 'groups', groupIds: ['g2'] })).toEqual({
      message: 'Hi',
      audience: { groupIds: ['g2'] },
    });
    // Under the checkboxes, not the picker (AnnouncementDialog).
    expect(validateAnnouncement({ message: 'Hi', audience: 'groups', groupIds: [] })).toEqual({
      groupIds: ANNOUNCEMENT_MESSAGES.groupsRequired,
    });
    expect(toAnnouncementRequest({ message: 'Hi', audience: 'no_response:s:2' })).toEqual({
      message: 'Hi',
      audience: { scheduleId: 's:2', status: 'no_response' },
    });
  });

  it('tell the sender what happened to the e-mails', () => {
    expect(sentDescription(announcement({ recipientCount: 1 }))).toBe(
      'E-mailed to 1 member (Everyone) and added to the activity feed.',
    );
    expect(sentDescription(announcement({ recipientCount: 0 }))).toBe(
      'Nobody matches this audience yet, so no e-mail went out. It is in the activity feed.',
    );
    expect(sentDescription(announcement({ recipientCount: null }))).toBe(
      'It is in the activity feed; the e-mails are on their way.',
    );
    const toGroups = { audience: { kind: 'groups' as const, groupIds: ['g1', 'g2'] } };
    expect(
      sentDescription(
        announcement({ ...toGroups, audienceLabel: 'Wedding party, Family', recipientCount: 0 }),
      ),
    ).toBe(
      'To: Wedding party, Family. Nobody there takes announcement e-mails yet. Only their members and the hosts see it in the activity feed.',
    );
  });
});
