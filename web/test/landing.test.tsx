import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../src/lib/toast-store.ts';
import LandingPage from '../src/features/landing/LandingPage.tsx';
import { DOMAIN_SETUP_STEPS } from '../src/features/landing/DomainSetupGuide.tsx';
import { makeSession, renderScreen } from './render.tsx';

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

const signedOut = (overrides = {}) =>
  makeSession({ status: 'signed-out', user: null, ...overrides });

describe('LandingPage', () => {
  it('shows every section of the signed-out page', () => {
    renderScreen(<LandingPage />, { session: signedOut() });
    for (const name of [
      'Features',
      'How It Works',
      'Sign In',
      'Start Planning for Free',
      'Watch Demo',
      'Start Planning Now',
      'Learn More',
    ]) {
      expect(screen.getByRole('button', { name: new RegExp(`^${name}$`) })).toBeInTheDocument();
    }
    for (const step of ['Create Your Event', 'Coordinate Together', 'Capture Memories']) {
      expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    }
    const features = within(document.getElementById('features')!).getAllByRole('heading', {
      level: 3,
    });
    expect(features.map((h) => h.textContent)).toEqual([
      'Multi-Event Management',
      'Travel Coordination',
      'Photo Galleries',
      'Scheduling & RSVPs',
      'Member Management',
      'Mobile-First Design',
    ]);
    const footer = screen.getByRole('contentinfo');
    for (const group of ['Product', 'Support', 'Company'])
      expect(within(footer).getByText(group)).toBeInTheDocument();
    expect(within(footer).getByText(/2024/)).toBeInTheDocument();
    expect(screen.queryByTestId('popup-notice')).not.toBeInTheDocument();
  });

  it('starts the popup sign-in from every call to action', async () => {
    const session = signedOut();
    renderScreen(<LandingPage />, { session });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(screen.getByRole('button', { name: 'Start Planning for Free' }));
    await user.click(screen.getByRole('button', { name: 'Start Planning Now' }));
    expect(session.signIn).toHaveBeenCalledTimes(3);
  });

  it('asks to enable popups while signing in and after a first attempt', () => {
    const { unmount } = renderScreen(<LandingPage />, { session: signedOut({ signingIn: true }) });
    expect(screen.getByTestId('popup-notice')).toHaveTextContent('enable popups');
    unmount();
    renderScreen(<LandingPage />, { session: signedOut({ signInAttempted: true }) });
    expect(screen.getByTestId('popup-notice')).toBeInTheDocument();
  });

  it('opens the domain guide with the host, five steps and a copy button that resets after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen(<LandingPage />, { session: signedOut() });
    fireEvent.click(screen.getByText('Domain authorization setup guide'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('current-host')).toHaveTextContent(window.location.hostname);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(5);
    expect(DOMAIN_SETUP_STEPS[3]).toContain('1-2 minutes');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy domain' }));
    });
    expect(writeText).toHaveBeenCalledWith(window.location.hostname);
    expect(within(dialog).getByText('Copied!')).toBeInTheDocument();
    expect(screen.getByText('Domain copied!')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(within(dialog).getByText('Copy')).toBeInTheDocument();
  });

  it('opens the guide by itself after an unauthorised-domain failure', async () => {
    renderScreen(<LandingPage />, {
      session: signedOut({ domainUnauthorized: true, signInAttempted: true }),
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('Authorize this domain');
    expect(screen.getByText('Domain not authorized')).toBeInTheDocument();
  });
});
