import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as live from '../../src/lib/live/index.ts';
import { resetToasts } from '../../src/lib/toast-store.ts';
import * as membersData from '../../src/features/members/data.ts';
import * as settingsData from '../../src/features/settings/data.ts';
import SettingsPage from '../../src/features/settings/SettingsPage.tsx';
import { EventScopeContext, type MyEvent } from '../../src/lib/event-scope.tsx';
import type { GatherlyEvent, MemberRole } from '../../src/lib/types.ts';
import { makeMyEvent, makeMyEvents, makeScope, renderScreen } from '../render.tsx';
import { QUEUE_AFTER_MS, resetWriteQueue } from '../../src/lib/offline/write-queue.ts';
import { goOffline } from '../offline.ts';
import { testDb } from './firebase-stub.ts';
import { inDeviceZone, pickZone, valueOf } from '../time-zones.ts';
import { member, pagesOf, ts } from './fixtures.ts';

vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => testDb,
  useLiveQuery: vi.fn(),
}));
vi.mock('../../src/features/settings/data.ts', () => ({
  saveTextField: vi.fn(),
  saveDate: vi.fn(),
  clearDates: vi.fn(),
  saveThemeColors: vi.fn(),
  saveTimeZone: vi.fn(),
  saveReminderSettings: vi.fn(),
}));
// Firestore's local cache is the SDK's: a write counts as applied on the device at once.
vi.mock('../../src/features/settings/event-link.ts', () => ({
  loadJoinLink: vi.fn(async () => ({ url: null, askBeforeJoin: false })),
  saveJoinLink: vi.fn(),
  regenerateJoinLink: vi.fn(),
  qrImages: vi.fn(),
  download: vi.fn(),
}));
// The wall card's links and settings come from the API (its own tests: wall.test.tsx).
vi.mock('../../src/features/wall/data.ts', () => ({
  loadWallAdmin: vi.fn(async () => ({
    links: [],
    settings: { paceSeconds: 8, approveFirst: false },
  })),
  createWallLink: vi.fn(),
  revokeWallLink: vi.fn(),
  saveWallSettings: vi.fn(),
}));
vi.mock('../../src/lib/offline/local-apply.ts', () => ({ appliedLocally: async () => undefined }));
vi.mock('../../src/features/members/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/members/data.ts')>()),
  useMemberPages: vi.fn(),
  changeMemberRole: vi.fn(),
}));
const save = vi.mocked(settingsData);
const members = vi.mocked(membersData);
const collectionData = vi.mocked(live.useLiveQuery);

const EVENT: Partial<GatherlyEvent> = {
  name: 'Beach Wedding',
  description: 'Sun and vows',
  location: 'Malibu',
  customLogo: 'https://example.com/logo.png',
};

function renderSettings(role: MemberRole = 'admin', event: Partial<GatherlyEvent> = EVENT) {
  const mine = makeMyEvent('e1', role, event);
  return renderScreen(<SettingsPage />, {
    path: '/events/e1/settings',
    pattern: '/events/:eventId/settings',
    myEvents: makeMyEvents([mine]),
    scope: makeScope(mine),
    routes: [{ path: '/events/:eventId', element: <div data-testid="dashboard" /> }],
  });
}

beforeEach(() => {
  for (const fn of [
    save.saveTextField,
    save.saveDate,
    save.clearDates,
    save.saveThemeColors,
    save.saveTimeZone,
  ])
    fn.mockResolvedValue(undefined);
  members.useMemberPages.mockReturnValue(
    pagesOf([
      member('u1', 'creator', 'Ada Lovelace'),
      member('u2', 'admin', 'Grace Hopper'),
      member('u3', 'attendee', 'Alan Turing'),
    ]),
  );
  collectionData.mockReturnValue({
    loading: false,
    data: [
      {
        id: 'r1',
        eventId: 'e1',
        changedUserId: 'u2',
        changedByUserId: 'u1',
        oldRole: 'attendee',
        newRole: 'admin',
        changedAt: ts('2099-03-06T10:00:00.000Z'),
      },
    ],
  });
});
afterEach(() => {
  resetToasts();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('SettingsPage', () => {
  it('redirects attendees to the event dashboard', () => {
    renderSettings('attendee');
    expect(screen.getByTestId('dashboard')).toBeInTheDocument();
  });

  it('shows the sections for admins, with Role Management only for the creator', () => {
    const { unmount } = renderSettings('admin');
    expect(screen.getByRole('heading', { name: 'Event Settings' })).toBeInTheDocument();
    expect(screen.getByText('Changes are saved automatically.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Event' })).toHaveAttribute(
      'href',
      '/events/e1',
    );
    expect(screen.getByText('Basic Information')).toBeInTheDocument();
    expect(screen.getByText('Event Dates')).toBeInTheDocument();
    expect(screen.getByText('Branding & Theme')).toBeInTheDocument();
    expect(screen.getByText('E-mail Reminders')).toBeInTheDocument();
    expect(screen.queryByText('Role Management')).not.toBeInTheDocument();
    unmount();
    renderSettings('creator');
    expect(screen.getByText('Role Management')).toBeInTheDocument();
    expect(screen.getAllByTestId('role-row')).toHaveLength(3);
    expect(
      screen.queryByRole('combobox', { name: 'Role of Ada Lovelace' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Alan Turing' })).toHaveValue('attendee');
    expect(screen.getByTestId('role-change')).toHaveTextContent('Grace Hopper: Attendee → Admin');
  });

  it('Role Management pages and searches members, and shows the names stored with a change', async () => {
    collectionData.mockReturnValue({
      loading: false,
      data: [
        {
          id: 'r2',
          eventId: 'e1',
          changedUserId: 'u9',
          changedByUserId: 'u1',
          changedUserName: 'Zoe Former',
          changedByName: 'Ada Lovelace',
          oldRole: 'admin',
          newRole: 'attendee',
          changedAt: ts('2099-03-07T10:00:00.000Z'),
        },
      ],
    });
    const loadMore = vi.fn();
    members.useMemberPages.mockReturnValue(
      pagesOf([member('u1', 'creator', 'Ada Lovelace')], { hasMore: true, loadMore }),
    );
    renderSettings('creator');
    expect(screen.getByTestId('role-change')).toHaveTextContent(
      'Zoe Former: Admin → Attendee · by Ada Lovelace',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(loadMore).toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Search members by name or e-mail'), 'al');
    expect(members.useMemberPages).toHaveBeenLastCalledWith('e1', 'al', 10, {
      loadOnScroll: false,
    });
  });

  it('lets the creator change a role from Role Management with the confirmation', async () => {
    members.changeMemberRole.mockResolvedValue(null);
    renderSettings('creator');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Role of Alan Turing' }),
      'admin',
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    await waitFor(() => expect(members.changeMemberRole).toHaveBeenCalledWith('e1', 'u3', 'admin'));
    expect(await screen.findByText('Role Updated')).toBeInTheDocument();
  });

  it('auto-saves a text field on blur only when changed and not empty, with saving → saved → idle', async () => {
    let finish: () => void = () => undefined;
    save.saveTextField.mockReturnValueOnce(
      new Promise((resolve) => (finish = () => resolve(undefined))),
    );
    renderSettings();
    const name = screen.getByLabelText(/Event Name/);
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(save.saveTextField).not.toHaveBeenCalled();

    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.blur(name);
    expect(save.saveTextField).not.toHaveBeenCalled();
    expect(screen.getByText('Event name is required')).toBeInTheDocument();

    fireEvent.focus(name);
    fireEvent.change(name, { target: { value: 'Sunset Wedding' } });
    fireEvent.blur(name);
    expect(save.saveTextField).toHaveBeenCalledWith(testDb, 'e1', 'name', 'Sunset Wedding');
    expect(await screen.findByText('Saving...')).toBeInTheDocument();
    vi.useFakeTimers();
    await act(async () => finish());
    expect(screen.getByText('✓ Saved')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByText('✓ Saved')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('✓ Saved')).not.toBeInTheDocument();
  });

  it('offline: the change is saved on this phone and says so, then ✓ Saved once the server has it', async () => {
    let finish: () => void = () => undefined;
    save.saveTextField.mockReturnValueOnce(
      new Promise((resolve) => (finish = () => resolve(undefined))),
    );
    const restore = goOffline();
    try {
      renderSettings();
      const name = screen.getByLabelText(/Event Name/);
      fireEvent.focus(name);
      fireEvent.change(name, { target: { value: 'Barn Wedding' } });
      fireEvent.blur(name);
      expect(
        await screen.findByText('Saved on this phone, will sync when online'),
      ).toBeInTheDocument();
      expect(screen.queryByText('Saving...')).not.toBeInTheDocument();
    } finally {
      restore();
    }
    await act(async () => finish());
    expect(await screen.findByText('✓ Saved')).toBeInTheDocument();
    expect(
      screen.queryByText('Saved on this phone, will sync when online'),
    ).not.toBeInTheDocument();
    resetWriteQueue();
  });

  it('online but unanswered (weak Wi-Fi): "Saving..." gives way to the queued note within seconds', async () => {
    save.saveTextField.mockReturnValueOnce(new Promise(() => undefined));
    // The reachability probe that follows gets an answer: the API is there, only slow.
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 404 }));
    renderSettings();
    const location = screen.getByLabelText(/Location/);
    fireEvent.focus(location);
    fireEvent.change(location, { target: { value: 'The old barn' } });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.blur(location);
    });
    expect(screen.getByText('Saving...')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(QUEUE_AFTER_MS));
    expect(screen.getByText('Saved on this phone, will sync when online')).toBeInTheDocument();
    expect(screen.queryByText('Saving...')).not.toBeInTheDocument();
    resetWriteQueue();
  });

  it('shows Save failed for 3 s and the Save Failed toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    save.saveTextField.mockRejectedValueOnce(new Error('permission-denied'));
    renderSettings();
    const location = screen.getByLabelText(/Location/);
    fireEvent.focus(location);
    fireEvent.change(location, { target: { value: 'Santa Monica' } });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.blur(location);
    });
    expect(screen.getByText('Save failed')).toBeInTheDocument();
    expect(screen.getByText('Save Failed')).toBeInTheDocument();
    expect(
      screen.getByText("Changes couldn't be saved automatically. Please try again."),
    ).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText('Save failed')).not.toBeInTheDocument();
  });

  it('switches Date Planning to TBD, clearing both dates, and saves a specific date as ISO', async () => {
    renderSettings('admin', {
      ...EVENT,
      startDate: '2099-06-12T15:00:00.000Z',
      endDate: '2099-06-14T15:00:00.000Z',
    });
    const start = screen.getByLabelText('Start Date');
    fireEvent.change(start, { target: { value: '2099-06-13T10:30' } });
    fireEvent.blur(start);
    expect(save.saveDate).toHaveBeenCalledWith(
      testDb,
      'e1',
      'startDate',
      new Date(2099, 5, 13, 10, 30).toISOString(),
    );

    await userEvent.click(screen.getByText('To Be Determined'));
    expect(save.clearDates).toHaveBeenCalledWith(testDb, 'e1');
    expect(screen.getByTestId('tbd-note')).toHaveTextContent('Event dates will be set later');
    expect(screen.queryByLabelText('Start Date')).not.toBeInTheDocument();
  });

  it('enters the dates in the event’s zone and shows them in a new zone once it is changed', async () => {
    const dates = { startDate: '2099-06-12T23:00:00.000Z', endDate: '2099-06-13T06:00:00.000Z' };
    // The event document as it arrives live, so the new zone can come back from the server.
    let update: (item: MyEvent) => void = () => undefined;
    function LiveSettings() {
      const [item, setItem] = useState(
        makeMyEvent('e1', 'admin', { ...EVENT, ...dates, timeZone: 'America/Los_Angeles' }),
      );
      update = setItem;
      return (
        <EventScopeContext.Provider value={makeScope(item)}>
          <SettingsPage />
        </EventScopeContext.Provider>
      );
    }
    renderScreen(<LiveSettings />, {
      path: '/events/e1/settings',
      pattern: '/events/:eventId/settings',
    });
    const zone = screen.getByRole('combobox', { name: 'Time Zone' });
    await waitFor(() => expect(valueOf(zone)).toContain('Pacific Time'));
    const start = screen.getByLabelText('Start Date');
    expect(start).toHaveValue('2099-06-12T16:00');
    fireEvent.change(start, { target: { value: '2099-06-12T15:30' } });
    fireEvent.blur(start);
    expect(save.saveDate).toHaveBeenCalledWith(
      testDb,
      'e1',
      'startDate',
      '2099-06-12T22:30:00.000Z',
    );

    await pickZone(zone, 'kolkata', /^India/);
    await waitFor(() =>
      expect(save.saveTimeZone).toHaveBeenCalledWith(testDb, 'e1', 'Asia/Kolkata'),
    );
    // The stored instants stay; once the new zone arrives they read in its wall-clock time.
    expect(save.saveDate).toHaveBeenCalledTimes(1);
    act(() => update(makeMyEvent('e1', 'admin', { ...EVENT, ...dates, timeZone: 'Asia/Kolkata' })));
    await waitFor(() =>
      expect(screen.getByLabelText('Start Date')).toHaveValue('2099-06-13T04:30'),
    );
    expect(screen.queryByTestId('time-zone-prompt')).not.toBeInTheDocument();
  });

  it('asks admins once to confirm a zone for an event without one, suggesting the device’s', async () => {
    await inDeviceZone('America/New_York', async () => {
      renderSettings('admin', { ...EVENT, timeZone: null });
      const prompt = screen.getByTestId('time-zone-prompt');
      expect(prompt).toHaveTextContent('Confirm this event’s time zone');
      expect(prompt).toHaveTextContent('Its times are shown in UTC');
      expect(screen.getByText('Not set yet: times are shown in UTC.')).toBeInTheDocument();
      await userEvent.click(
        within(prompt).getByRole('button', { name: /^Use Eastern Time \((EST|EDT)\)$/ }),
      );
      await waitFor(() =>
        expect(save.saveTimeZone).toHaveBeenCalledWith(testDb, 'e1', 'America/New_York'),
      );
    });
  });

  it('starts in TBD mode when a date is missing and shows the inputs for specific dates', async () => {
    renderSettings('admin', { ...EVENT, startDate: null, endDate: null });
    expect(screen.getByTestId('tbd-note')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Set Specific Dates'));
    expect(screen.getByLabelText('Start Date')).toHaveValue('');
    expect(save.clearDates).not.toHaveBeenCalled();
  });

  it('previews the logo and hides the preview when it fails to load', () => {
    renderSettings();
    const preview = screen.getByAltText('Event logo preview');
    expect(preview).toHaveAttribute('src', 'https://example.com/logo.png');
    fireEvent.error(preview);
    expect(screen.queryByAltText('Event logo preview')).not.toBeInTheDocument();
  });

  it('saves colours as the whole themeColors object and toasts accessibility for background/surface', async () => {
    renderSettings();
    const primary = screen.getByLabelText('Primary Color hex');
    fireEvent.change(primary, { target: { value: '#112233' } });
    fireEvent.blur(primary);
    await waitFor(() =>
      expect(save.saveThemeColors).toHaveBeenCalledWith(testDb, 'e1', {
        primary: '#112233',
        secondary: '#14b8a6',
        tertiary: '#f59e0b',
        background: '#ffffff',
        surface: '#f8fafc',
      }),
    );
    expect(screen.queryByText('Color meets accessibility standards')).not.toBeInTheDocument();

    const background = screen.getByLabelText('Background Color hex');
    fireEvent.change(background, { target: { value: '#fefefe' } });
    fireEvent.blur(background);
    expect(await screen.findByText('Color meets accessibility standards')).toBeInTheDocument();
    expect(
      screen.getByText(/Color meets WCAG AA standards \(\d+\.\d\d:1 contrast\)/),
    ).toBeInTheDocument();

    const surface = screen.getByLabelText('Surface Color hex');
    fireEvent.change(surface, { target: { value: '#777777' } });
    fireEvent.blur(surface);
    expect(await screen.findByText('Color optimized for accessibility')).toBeInTheDocument();
  });

  it('rejects an invalid hex value without saving', () => {
    renderSettings();
    const primary = screen.getByLabelText('Primary Color hex');
    fireEvent.change(primary, { target: { value: 'purple' } });
    fireEvent.blur(primary);
    expect(save.saveThemeColors).not.toHaveBeenCalled();
    expect(
      screen.getByText('Please enter a colour as a hex value like #6236ff'),
    ).toBeInTheDocument();
  });
});
