import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../src/app/shell/AppShell.tsx';
import NotFoundPage from '../src/features/not-found/NotFoundPage.tsx';
import { makeMyEvent, makeMyEvents, makeSelected, makeSession, renderScreen } from './render.tsx';
import * as statsHook from '../src/lib/use-event-stats.ts';

vi.mock('../src/lib/use-event-stats.ts', () => ({
  useEventStats: vi.fn(() => ({ loading: false, members: null, photos: null, travel: null })),
}));

const creatorEvent = makeMyEvent(
  'e1',
  'creator',
  {
    name: 'Beach Wedding',
    themeColors: {
      primary: '#ff0000',
      secondary: '#14b8a6',
      tertiary: '#f59e0b',
      background: '#ffffff',
      surface: '#f8fafc',
    },
  },
  5,
);
const adminEvent = makeMyEvent('e2', 'admin', { name: 'Ski Trip' }, 1);
const memberEvent = makeMyEvent('e3', 'attendee', { name: 'Reunion' }, 40);
const all = makeMyEvents([creatorEvent, adminEvent, memberEvent]);

function shell(path: string, selected = makeSelected(null)) {
  return renderScreen(
    <AppShell>
      <p>page body</p>
    </AppShell>,
    { path, pattern: '*', myEvents: all, selected },
  );
}

afterEach(() => {
  document.documentElement.removeAttribute('style');
});

describe('AppShell', () => {
  it('on / shows the product name, no drawer and no switcher', () => {
    shell('/', makeSelected(adminEvent));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Gatherly');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Switch event/ })).not.toBeInTheDocument();
    expect(screen.queryByText('View All Events')).not.toBeInTheDocument();
    expect(screen.getByText('page body')).toBeInTheDocument();
  });

  it('inside an event: title, drawer with role label and member count, Settings for admins', () => {
    shell('/events/e2', makeSelected(adminEvent));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ski Trip');
    const nav = screen.getByRole('navigation', { name: 'Event navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Photos', 'Travel', 'Members', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('Admin · 1 member')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Events' })).toHaveAttribute('href', '/');
    expect(statsHook.useEventStats).toHaveBeenCalledWith('e2', 'members');
    const bottom = screen.getByRole('navigation', { name: 'Event sections' });
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Photos', 'Travel', 'Members']);
  });

  it('the drawer counts members from the stored, live count once it is read', () => {
    vi.mocked(statsHook.useEventStats).mockReturnValue({
      loading: false,
      members: { total: 4, creator: 1, admin: 1, attendee: 2 },
      photos: null,
      travel: null,
    });
    shell('/events/e2', makeSelected(adminEvent));
    expect(screen.getByText('Admin · 4 members')).toBeInTheDocument();
    vi.mocked(statsHook.useEventStats).mockReturnValue({
      loading: false,
      members: null,
      photos: null,
      travel: null,
    });
  });

  it('members see no Settings and the Member label', () => {
    shell('/events/e3/photos', makeSelected(memberEvent));
    const nav = screen.getByRole('navigation', { name: 'Event navigation' });
    expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Photos' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('Member · 40 members')).toBeInTheDocument();
  });

  it('creators are labelled Admin in the drawer and get Settings', () => {
    shell('/events/e1', makeSelected(creatorEvent));
    expect(screen.getByText('Admin · 5 members')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/events/e1/settings',
    );
  });

  it('outside an event asks to select one', () => {
    shell('/create-event');
    expect(screen.getByText('Select an event to see navigation options.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Event sections' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Gatherly');
  });

  it('the switcher lists events with Creator / Admin / Member and navigates', async () => {
    const { router } = shell('/events/e2', makeSelected(adminEvent));
    await userEvent.click(screen.getByRole('button', { name: /^Switch event/ }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Beach WeddingCreator'),
      expect.stringContaining('Ski TripAdmin'),
      expect.stringContaining('ReunionMember'),
      'View All Events',
    ]);
    await userEvent.hover(items[2]!);
    await userEvent.click(items[2]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e3'));
  });

  it('the profile menu shows the user and signs out', async () => {
    const session = makeSession();
    const user = userEvent.setup();
    renderScreen(
      <AppShell>
        <p />
      </AppShell>,
      { session, myEvents: all },
    );
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    const menu = await screen.findByRole('menu');
    // Loaded on the click and mounted open, the menu takes the keyboard focus.
    await waitFor(() => expect(menu).toHaveFocus());
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    // Keyboard selection (zag's pointer highlighting is unreliable in jsdom across tests); Enter
    // only once the item is highlighted, which a menu mounted open does a moment later.
    const signOut = within(menu).getByRole('menuitem', { name: 'Sign Out' });
    await user.keyboard('{End}');
    await waitFor(() => expect(signOut).toHaveAttribute('data-highlighted'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(session.signOut).toHaveBeenCalled());
  });

  it('the profile menu opens the profile page', async () => {
    const user = userEvent.setup();
    const { router } = renderScreen(
      <AppShell>
        <p />
      </AppShell>,
      { myEvents: all },
    );
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toHaveFocus());
    const profile = within(menu).getByRole('menuitem', { name: 'Profile & e-mail' });
    await user.keyboard('{Home}');
    await waitFor(() => expect(profile).toHaveAttribute('data-highlighted'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it("applies the event's theme colours on event routes only", () => {
    const { unmount } = shell('/events/e1', makeSelected(creatorEvent));
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--gatherly-primary')).toBe('#ff0000');
    expect(root.style.getPropertyValue('--gatherly-primary-contrast')).toMatch(/^#/);
    unmount();
    expect(root.style.getPropertyValue('--gatherly-primary')).toBe('');
    shell('/', makeSelected(creatorEvent));
    expect(root.style.getPropertyValue('--gatherly-primary')).toBe('');
  });

  it('opens the drawer from the mobile menu button', async () => {
    shell('/events/e2', makeSelected(adminEvent));
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Members' })).toHaveAttribute(
      'href',
      '/events/e2/members',
    );
  });
});

describe('NotFoundPage', () => {
  it('offers the way home', () => {
    renderScreen(<NotFoundPage />, { path: '/nope' });
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
  });
});
