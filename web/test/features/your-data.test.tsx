import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountDeletionPreview } from '@gatherly/domain/account-deletion';
import { resetToasts } from '../../src/lib/toast-store.ts';
import { YourDataCard } from '../../src/features/profile/YourDataCard.tsx';
import { apiRequest } from '../../src/lib/api.ts';
import { PATHS } from '../../src/lib/paths.ts';
import { ApiError, routeApi } from '../api-mock.ts';
import { makeSession, renderScreen } from '../render.tsx';

vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const NONE = {
  memberships: 0,
  photos: 0,
  photoBytes: 0,
  votes: 0,
  rsvps: 0,
  answers: 0,
  flights: 0,
  carpoolsDriven: 0,
  carpoolSeats: 0,
  pendingInvitationsSent: 0,
  announcements: 0,
};

const preview = (overrides: Partial<AccountDeletionPreview> = {}): AccountDeletionPreview => ({
  createdEvents: [
    {
      id: 'e1',
      name: 'Beach Wedding',
      memberCount: 12,
      admins: [
        { userId: 'a1', displayName: 'Dee Deputy', email: 'dee@example.com' },
        { userId: 'a2', displayName: 'Max Second', email: 'max@example.com' },
      ],
    },
    { id: 'e2', name: 'Solo Trip', memberCount: 1, admins: [] },
  ],
  counts: { ...NONE, memberships: 2, photos: 3, carpoolsDriven: 1, carpoolSeats: 1 },
  pending: null,
  ...overrides,
});

function renderCard() {
  const session = makeSession();
  const screenResult = renderScreen(<YourDataCard />, { path: PATHS.profile, session });
  return { ...screenResult, session };
}

async function openDeletion() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
  return screen.findByRole('heading', { name: 'What happens' });
}

afterEach(() => {
  resetToasts();
  api.mockReset();
  vi.restoreAllMocks();
});

describe('Download my data', () => {
  let clicked: string[];
  beforeEach(() => {
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
  });

  it('asks for a link and hands it to the browser’s downloader', async () => {
    const posted = vi.fn(() => ({
      url: '/api/user/data-exports/abc',
      fileName: 'gatherly-data-2027-06-12.zip',
      photoCount: 3,
    }));
    routeApi(api, { 'POST /api/user/data-export': posted });
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Download started')).toBeInTheDocument();
    expect(posted).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual(['/api/user/data-exports/abc gatherly-data-2027-06-12.zip']);
    expect(screen.getByText(/your 3 photos in gatherly-data-2027-06-12\.zip/)).toBeInTheDocument();
  });

  it('says why when the link cannot be made', async () => {
    routeApi(api, {
      'POST /api/user/data-export': () => {
        throw new ApiError(401, 'Authentication required');
      },
    });
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    expect(screen.getByText('Authentication required')).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });
});

describe('Delete my account', () => {
  it('says what will happen before anything does, for each kind they have', async () => {
    routeApi(api, { 'GET /api/user/account-deletion': () => preview() });
    renderCard();
    await openDeletion();
    expect(screen.getByText(/You leave 2 events you were invited to/)).toBeInTheDocument();
    expect(screen.getByText(/3 photos you uploaded are deleted/)).toBeInTheDocument();
    expect(screen.getByText(/1 carpool you drive is cancelled/)).toBeInTheDocument();
    expect(screen.getByText(/Your 1 seat in other people's carpools is freed/)).toBeInTheDocument();
    expect(
      screen.getByText(/Your profile, e-mail preferences and sign-in are deleted/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/flight/)).not.toBeInTheDocument();
    // Nothing was sent: only the preview was read.
    expect(api.mock.calls.map(([method, path]) => `${method} ${path}`)).toEqual([
      'GET /api/user/account-deletion',
    ]);
  });

  it('offers each created event to an admin, or delete only when it has none', async () => {
    routeApi(api, { 'GET /api/user/account-deletion': () => preview() });
    renderCard();
    await openDeletion();
    const select = screen.getByRole('combobox', { name: 'Beach Wedding (12 members)' });
    expect(select).toHaveValue('a1');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Hand it over to Dee Deputy',
      'Hand it over to Max Second',
      'Delete it for everyone',
    ]);
    expect(screen.getByText(/It has no other admin to hand it over to/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Solo Trip/ })).not.toBeInTheDocument();
  });

  it('deletes only after DELETE is typed, sends the choices, signs out and goes home', async () => {
    const posted = vi.fn(() => ({ deleted: true }));
    routeApi(api, {
      'GET /api/user/account-deletion': () => preview(),
      'POST /api/user/account-deletion': posted,
    });
    const { session, router } = renderCard();
    await openDeletion();
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Beach Wedding (12 members)' }),
      'a2',
    );
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Type DELETE to confirm'));
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(confirm);
    await waitFor(() => expect(session.signOut).toHaveBeenCalled());
    expect(posted).toHaveBeenCalledWith({
      events: [
        { eventId: 'e1', action: 'transfer', toUserId: 'a2' },
        { eventId: 'e2', action: 'delete' },
      ],
    });
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(PATHS.home));
  });

  it('choosing to delete an event sends that', async () => {
    const posted = vi.fn(() => ({ deleted: true }));
    routeApi(api, {
      'GET /api/user/account-deletion': () => preview(),
      'POST /api/user/account-deletion': posted,
    });
    renderCard();
    await openDeletion();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Beach Wedding (12 members)' }),
      'delete',
    );
    expect(screen.getByText(/deleted for every member/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith({
        events: [
          { eventId: 'e1', action: 'delete' },
          { eventId: 'e2', action: 'delete' },
        ],
      }),
    );
  });

  it('a refusal or a failure part-way is said in a sentence, and the person stays signed in', async () => {
    routeApi(api, {
      'GET /api/user/account-deletion': () => preview(),
      'POST /api/user/account-deletion': () => {
        throw new ApiError(
          503,
          'Your account could not be fully deleted right now. Nothing else was changed: please try again to finish.',
        );
      },
    });
    const { session } = renderCard();
    await openDeletion();
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account could not be fully deleted right now.',
    );
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
    expect(session.signOut).not.toHaveBeenCalled();
  });

  it('a deletion that did not finish is offered to be finished with the choices already made', async () => {
    const choices = [{ eventId: 'e1', action: 'transfer' as const, toUserId: 'a1' }];
    const posted = vi.fn(() => ({ deleted: true }));
    routeApi(api, {
      'GET /api/user/account-deletion': () =>
        preview({
          createdEvents: [],
          pending: {
            startedAt: '2027-06-12T10:00:00.000Z',
            lastError: 'Your account could not be fully deleted right now.',
            choices,
          },
        }),
      'POST /api/user/account-deletion': posted,
    });
    const { session } = renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    expect(await screen.findByText('Deleting your account did not finish.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('could not be fully deleted');
    await userEvent.click(screen.getByRole('button', { name: 'Finish deleting my account' }));
    await waitFor(() => expect(session.signOut).toHaveBeenCalled());
    expect(posted).toHaveBeenCalledWith({ events: choices });
  });

  it('an interrupted hand-over to someone no longer an admin asks again for that event', async () => {
    const posted = vi.fn(() => ({ deleted: true }));
    routeApi(api, {
      'GET /api/user/account-deletion': () =>
        preview({
          createdEvents: [
            {
              id: 'e1',
              name: 'Beach Wedding',
              memberCount: 12,
              admins: [{ userId: 'a2', displayName: 'Max Second', email: 'max@example.com' }],
            },
          ],
          pending: {
            startedAt: '2027-06-12T10:00:00.000Z',
            lastError:
              'The person you chose is no longer an admin of “Beach Wedding”. Please choose again.',
            choices: [
              { eventId: 'e1', action: 'transfer', toUserId: 'a1' },
              { eventId: 'e9', action: 'delete' },
            ],
          },
        }),
      'POST /api/user/account-deletion': posted,
    });
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const select = await screen.findByRole('combobox', { name: 'Beach Wedding (12 members)' });
    expect(select).toHaveValue('a2');
    await userEvent.click(screen.getByRole('button', { name: 'Finish deleting my account' }));
    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith({
        events: [
          { eventId: 'e9', action: 'delete' },
          { eventId: 'e1', action: 'transfer', toUserId: 'a2' },
        ],
      }),
    );
  });

  it('says in a sentence when what the account holds cannot be loaded, and Try again loads it', async () => {
    let fail = true;
    routeApi(api, {
      'GET /api/user/account-deletion': () => {
        if (fail) throw new ApiError(0, "Couldn't reach Gatherly. Check your connection.");
        return preview();
      },
    });
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    expect(
      await screen.findByText("Couldn't reach Gatherly. Check your connection."),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'What happens' })).toBeInTheDocument();
  });
});
