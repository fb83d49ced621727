import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../src/lib/toast-store.ts';
import InvitationPage from '../../src/features/invitations/InvitationPage.tsx';
import { apiRequest } from '../../src/lib/api.ts';
import { useState, type ReactNode } from 'react';
import { SessionContext, type Session } from '../../src/lib/session.tsx';
import { ApiError, routeApi } from '../api-mock.ts';
import { makeSession, renderScreen } from '../render.tsx';
import { inDeviceZone } from '../time-zones.ts';

vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const invitation = {
  email: 'alan@example.com',
  role: 'attendee',
  eventName: 'Beach Wedding',
  eventDescription: 'Sun, sand and vows',
  eventStartDate: '2099-06-12T15:00:00.000Z',
  eventEndDate: '2099-06-14T15:00:00.000Z',
  eventLocation: 'Malibu',
  status: 'pending',
};
/** A used invitation tells a non-member only that (docs/api.md, "Invitations"). */
const used = { status: 'accepted' };

const signedOut = () => makeSession({ status: 'signed-out', user: null });
const signedInAs = (email: string) =>
  makeSession({ user: { uid: 'u3', email, displayName: 'Alan Turing', photoURL: '' } });

/**
 * A signed-out session whose popup sign-in lands as `email` the way the real one does: the popup
 * closes with the session loading, and the backend login settles it a moment later.
 */
function SignInLandsAs({ email, children }: { email: string; children: ReactNode }) {
  const [session, setSession] = useState<Session>(() => signedOut());
  const signIn = async () => {
    setSession((s) => ({ ...s, status: 'loading' }));
    setTimeout(() => {
      setSession((s) => ({
        ...s,
        status: 'signed-in',
        user: { uid: 'u3', email, displayName: 'Someone', photoURL: '' },
      }));
    }, 20);
  };
  return (
    <SessionContext.Provider value={{ ...session, signIn }}>{children}</SessionContext.Provider>
  );
}

function renderInvite(session: Session, path = '/invite/tok123') {
  return renderScreen(<InvitationPage />, {
    path,
    pattern: path === '/invite' ? '/invite' : '/invite/:token',
    session,
    routes: [{ path: '/events/:eventId', element: <div data-testid="event-dashboard" /> }],
  });
}

afterEach(() => {
  resetToasts();
  api.mockReset();
  vi.useRealTimers();
});

describe('InvitationPage, invitation already accepted', () => {
  it('tells the member who accepted it that they already joined, with Open Event', async () => {
    routeApi(api, {
      'GET /api/invitations/tok123': () => ({
        invitation: { ...used, eventId: 'e1', eventName: 'Beach Wedding' },
      }),
    });
    renderInvite(signedInAs('alan@example.com'));
    expect(
      await screen.findByRole('heading', { name: "You've already joined Beach Wedding" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Event' })).toHaveAttribute('href', '/events/e1');
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).not.toBeInTheDocument();
  });

  it('tells another signed-in person that the invitation was used, with no way to accept it', async () => {
    routeApi(api, { 'GET /api/invitations/tok123': () => ({ invitation: used }) });
    renderInvite(signedInAs('grace@example.com'));
    expect(
      await screen.findByRole('heading', { name: 'Invitation Already Used' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'This invitation has already been accepted. Ask the organiser for a new invitation if you need one.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open Event' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('offers a signed-out visitor sign-in (the invitee then gets to the event), not accept', async () => {
    routeApi(api, { 'GET /api/invitations/tok123': () => ({ invitation: used }) });
    const session = signedOut();
    renderInvite(session);
    expect(
      await screen.findByRole('heading', { name: 'Invitation Already Used' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Sign In & Accept Invitation' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(/Beach Wedding/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In with Google' }));
    expect(session.signIn).toHaveBeenCalled();
    // The form for a sign-in link loads with it (its own chunk).
    expect(await screen.findByRole('button', { name: 'E-mail me a link' })).toBeInTheDocument();
  });
});

describe('InvitationPage, the e-mail link way in', () => {
  it('signed out with a non-Google address: the sign-in link comes first and goes to the invited address', async () => {
    routeApi(api, {
      'GET /api/invitations/tok123': () => ({ invitation }),
      'POST /api/invitations/tok123/sign-in-link': () => ({ sent: true }),
    });
    renderInvite(signedOut());
    const buttons = await screen.findAllByRole('button', { name: /Sign-In Link|Sign In &/ });
    expect(buttons.map((b) => b.textContent)).toEqual([
      'E-mail Me a Sign-In Link',
      'Sign In & Accept Invitation',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'E-mail Me a Sign-In Link' }));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(screen.getByTestId('sign-in-link-sent')).toHaveTextContent('alan@example.com');
    // No address is sent: the server knows the invited one.
    expect(api).toHaveBeenCalledWith('POST', '/api/invitations/tok123/sign-in-link');
    expect(localStorage.getItem('signInAddress')).toBe('alan@example.com');
  });

  it('a Gmail address gets Google first', async () => {
    routeApi(api, {
      'GET /api/invitations/tok123': () => ({
        invitation: { ...invitation, email: 'alan@gmail.com' },
      }),
    });
    renderInvite(signedOut());
    const buttons = await screen.findAllByRole('button', { name: /Sign-In Link|Sign In &/ });
    expect(buttons[0]).toHaveTextContent('Sign In & Accept Invitation');
  });

  it('a guest signed in by e-mail link gives their name on Accept, and lands on the RSVP step', async () => {
    routeApi(api, {
      'GET /api/invitations/tok123': () => ({ invitation }),
      'POST /api/invitations/tok123/accept': () => ({ event: { id: 'e1', name: 'Beach Wedding' } }),
    });
    const session = makeSession({
      user: { uid: 'u3', email: 'alan@example.com', displayName: 'alan@example.com', photoURL: '' },
    });
    const { router } = renderInvite(session);
    await userEvent.type(await screen.findByLabelText('Your name'), ' Alan Turing ');
    await userEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(
      await screen.findByText('Welcome to Beach Wedding! Taking you to the event...'),
    ).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith('POST', '/api/invitations/tok123/accept', {
      displayName: 'Alan Turing',
    });
    expect(session.renamed).toHaveBeenCalledWith('Alan Turing');
    await waitFor(() => expect(router.state.location.search).toBe('?welcome=rsvp'), {
      timeout: 3000,
    });
  });
});

describe('InvitationPage', () => {
  it('says Invalid Invitation without a token', () => {
    renderInvite(signedOut(), '/invite');
    expect(screen.getByRole('heading', { name: 'Invalid Invitation' })).toBeInTheDocument();
  });

  it('shows Loading Invitation... while the invitation loads', () => {
    api.mockReturnValue(new Promise(() => undefined));
    renderInvite(signedOut());
    expect(screen.getByRole('heading', { name: 'Loading Invitation...' })).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith('GET', '/api/invitations/tok123');
  });

  it('shows Invitation Not Found for an unknown or used token, with a way home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    routeApi(api, {});
    renderInvite(signedOut());
    expect(
      await screen.findByRole('heading', { name: 'Invitation Not Found' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This invitation link has expired or is no longer valid.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('shows Invitation Error when the lookup fails otherwise', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    routeApi(api, {
      'GET /api/invitations/tok123': () => {
        throw new ApiError(500, '500: Internal Server Error');
      },
    });
    renderInvite(signedOut());
    expect(await screen.findByRole('heading', { name: 'Invitation Error' })).toBeInTheDocument();
    expect(screen.getByText('Unable to load invitation details.')).toBeInTheDocument();
  });

  it('shows the invited card with event details, e-mail and role; signed out offers sign-in-and-accept', async () => {
    routeApi(api, { 'GET /api/invitations/tok123': () => ({ invitation }) });
    const session = signedOut();
    renderInvite(session);
    expect(await screen.findByRole('heading', { name: "You're Invited!" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Beach Wedding' })).toBeInTheDocument();
    expect(screen.getByText('Sun, sand and vows')).toBeInTheDocument();
    expect(screen.getByText('June 12, 2099 – June 14, 2099')).toBeInTheDocument();
    expect(screen.getByText('Malibu')).toBeInTheDocument();
    expect(screen.getByText('alan@example.com')).toBeInTheDocument();
    expect(screen.getByText('Attendee')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In & Accept Invitation' }));
    expect(session.signIn).toHaveBeenCalled();
  });

  it('shows the dates on the event’s calendar with the start in its zone, and the guest’s own time', async () => {
    await inDeviceZone('Asia/Kolkata', async () => {
      routeApi(api, {
        'GET /api/invitations/tok123': () => ({
          invitation: {
            ...invitation,
            eventStartDate: '2099-06-12T22:00:00.000Z',
            eventEndDate: '2099-06-13T06:00:00.000Z',
            eventTimeZone: 'America/Los_Angeles',
          },
        }),
      });
      renderInvite(signedOut());
      // June 13 in Kolkata, but a one-day event on June 12 in Napa.
      expect(await screen.findByText('June 12, 2099')).toBeInTheDocument();
      expect(screen.getByText(/^Starts/)).toHaveTextContent(
        'Starts 3:00 PM PDT · Sat, June 13, 3:30 AM GMT+5:30 your time',
      );
    });
  });

  it('asks to sign in when the sign-in-and-accept popup ends signed out', async () => {
    routeApi(api, { 'GET /api/invitations/tok123': () => ({ invitation }) });
    const { router } = renderInvite(signedOut());
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign In & Accept Invitation' }),
    );
    expect(await screen.findByText('Sign In Required')).toBeInTheDocument();
    expect(screen.getByText('Please sign in to accept this invitation.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invite/tok123');
  });

  it('accepts once the sign-in-and-accept popup lands with the invited address', async () => {
    routeApi(api, {
      'GET /api/invitations/tok123': () => ({ invitation }),
      'POST /api/invitations/tok123/accept': () => ({ event: { id: 'e1', name: 'Beach Wedding' } }),
    });
    renderScreen(
      <SignInLandsAs email="alan@example.com">
        <InvitationPage />
      </SignInLandsAs>,
      { path: '/invite/tok123', pattern: '/invite/:token' },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign In & Accept Invitation' }),
    );
    expect(
      await screen.findByText('Welcome to Beach Wedding! Taking you to the event...'),
    ).toBeInTheDocument();
    expect(api).toHaveBeenCalledWith('POST', '/api/invitations/tok123/accept', {});
  });

  it('does not accept when the popup lands with another account: it explains the mismatch', async () => {
    routeApi(api, { 'GET /api/invitations/tok123': () => ({ invitation }) });
    renderScreen(
      <SignInLandsAs email="grace@example.com">
        <InvitationPage />
      </SignInLandsAs>,
      { path: '/invite/tok123', pattern: '/invite/:token' },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign In & Accept Invitation' }),
    );
    expect(
      await screen.findByText(
        'This invitation is for alan@example.com. Please sign in with the correct email address.',
      ),
    ).toBeInTheDocument();
    expect(api).not.toHaveBeenCalledWith('POST', '/api/invitations/tok123/accept', {});
    expect(screen.queryByText('Sign In Required')).not.toBeInTheDocument();
  });

  it('accepts for the matching e-mail, welcomes, and opens the event after 2 s', async () => {
    routeApi(api, {
      'GET /api/invitations/tok123': () => ({ invitation: { ...invitation, role: 'admin' } }),
      'POST /api/invitations/tok123/accept': () => ({ event: { id: 'e1', name: 'Beach Wedding' } }),
    });
    const { router } = renderInvite(signedInAs('Alan@Example.com'));
    expect(await screen.findByText('Admin')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    expect(
      await screen.findByText('Welcome to Beach Wedding! Taking you to the event...'),
    ).toBeInTheDocument();
    expect(screen.getByText('Invitation Accepted')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invite/tok123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e1'), {
      timeout: 3000,
    });
  });

  it('toasts the server message when accepting fails', async () => {
    routeApi(api, {
      'GET /api/invitations/tok123': () => ({ invitation }),
      'POST /api/invitations/tok123/accept': () => {
        throw new ApiError(409, 'This invitation has already been accepted');
      },
    });
    renderInvite(signedInAs('alan@example.com'));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(
      await screen.findByText('This invitation has already been accepted'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Invitation' })).toBeEnabled();
  });

  it('explains an e-mail mismatch and offers Sign In with Different Account', async () => {
    routeApi(api, { 'GET /api/invitations/tok123': () => ({ invitation }) });
    const session = signedInAs('grace@example.com');
    renderInvite(session);
    expect(
      await screen.findByText(
        'This invitation is for alan@example.com. Please sign in with the correct email address.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).not.toBeInTheDocument();
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Sign In with Different Account' }));
    });
    expect(session.signOut).toHaveBeenCalled();
    expect(session.signIn).toHaveBeenCalled();
  });
});
