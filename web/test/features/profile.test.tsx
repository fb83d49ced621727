import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_PREFERENCES_PATH } from '@gatherly/domain/email/links';
import * as live from '../../src/lib/live/index.ts';
import { resetToasts } from '../../src/lib/toast-store.ts';
import * as profileData from '../../src/features/profile/data.ts';
import ProfilePage from '../../src/features/profile/ProfilePage.tsx';
import { userProfileRef } from '../../src/lib/db/refs.ts';
import { resetWriteQueue } from '../../src/lib/offline/write-queue.ts';
import { PATHS } from '../../src/lib/paths.ts';
import type { UserProfileDoc } from '../../src/lib/types.ts';
import { goOffline } from '../offline.ts';
import { makeSession, renderScreen } from '../render.tsx';
import { testDb } from './firebase-stub.ts';

vi.mock('../../src/lib/live/index.ts', () => ({ useDb: () => testDb, useLiveDoc: vi.fn() }));
vi.mock('../../src/features/profile/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/profile/data.ts')>()),
  saveEmailPreference: vi.fn(),
}));
// Firestore's local cache is the SDK's: a write counts as applied on the device at once.
vi.mock('../../src/lib/offline/local-apply.ts', () => ({ appliedLocally: async () => undefined }));
const docData = vi.mocked(live.useLiveDoc);
const save = vi.mocked(profileData.saveEmailPreference);

function profileDoc(emailPreferences: UserProfileDoc['emailPreferences']): UserProfileDoc {
  return {
    id: 'u1',
    email: 'ada@example.com',
    displayName: 'Ada Lovelace',
    photoURL: '',
    emailPreferences,
  };
}

function stored(value: live.LiveDoc<UserProfileDoc>) {
  docData.mockReturnValue(value);
}

function renderProfile() {
  return renderScreen(<ProfilePage />, { path: PATHS.profile, session: makeSession() });
}

beforeEach(() => {
  save.mockResolvedValue(undefined);
  stored({ loading: false, data: profileDoc({}) });
});
afterEach(() => {
  resetToasts();
  resetWriteQueue();
  vi.clearAllMocks();
});

describe('ProfilePage', () => {
  it('is where the e-mails send people to manage their preferences', () => {
    expect(PATHS.profile).toBe(EMAIL_PREFERENCES_PATH);
  });

  it('shows who is signed in and both switches on when nothing was turned off', () => {
    renderProfile();
    expect(screen.getByRole('heading', { name: 'Your Profile' })).toBeInTheDocument();
    expect(screen.getAllByText('ada@example.com').length).toBeGreaterThan(0);
    expect(screen.getByRole('checkbox', { name: 'Event reminders' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Announcements from hosts' })).toBeChecked();
    expect(docData).toHaveBeenCalledWith(
      expect.objectContaining({ path: userProfileRef(testDb, 'u1').path }),
    );
  });

  it('shows a topic that was turned off (here or by an unsubscribe link) as off', () => {
    stored({ loading: false, data: profileDoc({ announcements: false, reminders: true }) });
    renderProfile();
    expect(screen.getByRole('checkbox', { name: 'Event reminders' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Announcements from hosts' })).not.toBeChecked();
  });

  it('writes one topic per switch, directly, and says it was saved', async () => {
    renderProfile();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Event reminders' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(testDb, 'u1', 'reminders', false));
    expect(await screen.findByText('Event reminders: off. Saved.')).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('says so when the write is refused', async () => {
    save.mockRejectedValue(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProfile();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Announcements from hosts' }));
    expect(await screen.findByText('Save Failed')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to do that.")).toBeInTheDocument();
  });

  it('offline, the choice is kept on the device and says it will sync', async () => {
    save.mockReturnValue(new Promise(() => undefined));
    renderProfile();
    const back = goOffline();
    try {
      await userEvent.click(screen.getByRole('checkbox', { name: 'Announcements from hosts' }));
      expect(await screen.findByText('Preference saved on this device')).toBeInTheDocument();
    } finally {
      back();
    }
  });

  it('shows placeholders while loading and a sentence when there is no profile to read', () => {
    stored({ loading: true, data: undefined });
    const { unmount } = renderProfile();
    expect(screen.getByTestId('preferences-loading')).toBeInTheDocument();
    unmount();
    stored({ loading: false, data: undefined });
    renderProfile();
    expect(
      screen.getByText("Your e-mail preferences couldn't be loaded. Please try again."),
    ).toBeInTheDocument();
  });
});
