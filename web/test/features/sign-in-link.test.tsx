import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_MESSAGES } from '@gatherly/domain/guest-access';
import SignInLinkPage from '../../src/features/auth/SignInLinkPage.tsx';
import { apiRequest } from '../../src/lib/api.ts';
import { ApiError, routeApi } from '../api-mock.ts';
import { makeSession, renderScreen } from '../render.tsx';

// The boundary is the API (redeem) and Firebase Auth's signInWithEmailLink.
vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
const auth = vi.hoisted(() => ({ signInWithEmailLink: vi.fn() }));
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('firebase/auth')>()),
  signInWithEmailLink: auth.signInWithEmailLink,
}));
const api = vi.mocked(apiRequest);

const LINK = '/signin/link?token=' + 't'.repeat(43);
const FIREBASE_LINK = 'http://auth.test/action?mode=signIn&oobCode=abc&apiKey=k';

function renderLink(session = makeSession({ status: 'signed-out', user: null }), path = LINK) {
  return renderScreen(<SignInLinkPage />, {
    path,
    pattern: '/signin/link',
    session,
    routes: [{ path: '/invite/:token', element: <div data-testid="invitation" /> }],
  });
}

beforeEach(() => {
  auth.signInWithEmailLink.mockResolvedValue({ user: { uid: 'u1' } });
});
afterEach(() => {
  api.mockReset();
  auth.signInWithEmailLink.mockReset();
  localStorage.clear();
});

describe('SignInLinkPage', () => {
  it('on the device that asked, signs in at once and goes where the link leads', async () => {
    localStorage.setItem('signInAddress', 'rose@outlook.example');
    routeApi(api, {
      'POST /api/auth/email-link/redeem': () => ({ signInLink: FIREBASE_LINK, next: '/invite/x' }),
    });
    const { router } = renderLink();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/x'));
    expect(api).toHaveBeenCalledWith('POST', '/api/auth/email-link/redeem', {
      token: 't'.repeat(43),
      email: 'rose@outlook.example',
    });
    expect(auth.signInWithEmailLink).toHaveBeenCalledWith(
      expect.anything(),
      'rose@outlook.example',
      FIREBASE_LINK,
    );
    expect(localStorage.getItem('signInAddress')).toBeNull();
  });

  it('on another device, asks for the address first and says when it is the wrong one', async () => {
    routeApi(api, {
      'POST /api/auth/email-link/redeem': (body) => {
        const { email } = body as { email: string };
        if (email !== 'rose@outlook.example') throw new ApiError(400, SIGN_IN_MESSAGES.mismatch);
        return { signInLink: FIREBASE_LINK, next: '/' };
      },
    });
    renderLink();
    expect(
      await screen.findByRole('heading', { name: 'Confirm your e-mail address' }),
    ).toBeInTheDocument();
    const input = screen.getByLabelText('E-mail address');
    await userEvent.type(input, 'someone@else.example');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(SIGN_IN_MESSAGES.mismatch)).toBeInTheDocument();
    expect(auth.signInWithEmailLink).not.toHaveBeenCalled();
    const again = screen.getByLabelText('E-mail address');
    await userEvent.clear(again);
    await userEvent.type(again, 'rose@outlook.example');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(auth.signInWithEmailLink).toHaveBeenCalled());
  });

  it('a used or expired link says so and offers a new one', async () => {
    localStorage.setItem('signInAddress', 'rose@outlook.example');
    routeApi(api, {
      'POST /api/auth/email-link/redeem': () => {
        throw new ApiError(410, SIGN_IN_MESSAGES.expired);
      },
    });
    renderLink();
    expect(await screen.findByRole('heading', { name: "This link can't be used" })).toBeVisible();
    expect(screen.getByText(SIGN_IN_MESSAGES.expired)).toBeInTheDocument();
    // The form for a new link loads with it (its own chunk).
    expect(await screen.findByRole('textbox')).toHaveValue('rose@outlook.example');
    expect(screen.getByRole('button', { name: 'E-mail me a link' })).toBeInTheDocument();
  });

  it('someone else signed in on the device is asked before switching', async () => {
    localStorage.setItem('signInAddress', 'rose@outlook.example');
    const session = makeSession({
      user: { uid: 'u9', email: 'alan@example.com', displayName: 'Alan', photoURL: '' },
    });
    renderLink(session);
    expect(
      await screen.findByRole('heading', { name: "You're signed in as alan@example.com" }),
    ).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out and use this link' }));
    expect(session.signOut).toHaveBeenCalled();
  });

  it('without a token: not valid, with the form to get a new link', async () => {
    renderLink(undefined, '/signin/link');
    expect(
      await screen.findByRole('heading', { name: 'This sign-in link is not valid' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-mail me a link' })).toBeInTheDocument();
  });
});
