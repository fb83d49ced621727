// The screens the scale bench opens, and how each one says it is usable: its content (first
// list item, the banner heading, the first form field) is visible, not just a skeleton.
import type { Locator, Page } from 'playwright-core';
import type { BenchEvent } from './world.ts';

export type Viewer = 'guest' | 'creator';

export interface Screen {
  key: string;
  label: string;
  /** Who opens it: an attendee, except Settings (admins and the creator only; the creator also gets Role Management). */
  viewer: Viewer;
  path(e: BenchEvent): string;
  /** What a person does once the page is up before the screen counts as usable (scrolling). */
  act?(page: Page): Promise<void>;
  ready(page: Page, e: BenchEvent): Locator;
}

export const SCREENS: readonly Screen[] = [
  {
    key: 'events',
    label: 'events list',
    viewer: 'guest',
    path: () => '/',
    ready: (p) => p.getByRole('heading', { name: /^Your Events \(\d+\)$/ }),
  },
  {
    key: 'dashboard',
    label: 'dashboard',
    viewer: 'guest',
    path: (e) => `/events/${e.id}`,
    ready: (p, e) => p.getByTestId('event-banner').getByRole('heading', { name: e.name }),
  },
  {
    key: 'photos',
    label: 'photos',
    viewer: 'guest',
    path: (e) => `/events/${e.id}/photos`,
    ready: (p) => p.getByTestId('photo-card'),
  },
  {
    key: 'members',
    label: 'members',
    viewer: 'guest',
    path: (e) => `/events/${e.id}/members`,
    ready: (p) => p.getByTestId('member-card'),
  },
  {
    key: 'travel',
    label: 'travel',
    viewer: 'guest',
    path: (e) => `/events/${e.id}/travel`,
    ready: (p) => p.getByTestId('flight-card'),
  },
  {
    key: 'activity',
    label: 'activity',
    viewer: 'guest',
    path: (e) => `/events/${e.id}/activity`,
    ready: (p) => p.getByTestId('activity-entry'),
  },
  {
    key: 'settings',
    label: 'settings',
    viewer: 'creator',
    path: (e) => `/events/${e.id}/settings`,
    ready: (p) => p.getByLabel('Event Name'),
  },
  {
    // The creator's Role Management card sits below the fold and reads only once in view.
    key: 'roles',
    label: 'settings, roles in view',
    viewer: 'creator',
    path: (e) => `/events/${e.id}/settings`,
    act: async (p) => {
      const heading = p.getByRole('heading', { name: 'Role Management' });
      await heading.waitFor({ timeout: 180_000 });
      await heading.scrollIntoViewIfNeeded();
    },
    ready: (p) => p.getByTestId('role-row'),
  },
];
