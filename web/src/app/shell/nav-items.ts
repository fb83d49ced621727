import type { IconProps } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import {
  HomeIcon,
  PhotoIcon,
  PlaneIcon,
  SettingsIcon,
  UsersIcon,
} from '../../components/icons.tsx';

export interface NavItem {
  label: 'Dashboard' | 'Photos' | 'Travel' | 'Members' | 'Settings';
  /** Path below /events/{id}. */
  suffix: string;
  icon: ComponentType<IconProps>;
  adminOnly: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', suffix: '', icon: HomeIcon, adminOnly: false },
  { label: 'Photos', suffix: '/photos', icon: PhotoIcon, adminOnly: false },
  { label: 'Travel', suffix: '/travel', icon: PlaneIcon, adminOnly: false },
  { label: 'Members', suffix: '/members', icon: UsersIcon, adminOnly: false },
  { label: 'Settings', suffix: '/settings', icon: SettingsIcon, adminOnly: true },
];

export function navItemsFor(isAdmin: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);
}

/** Bottom bar (under 768 px): the four member areas, never Settings. */
export const BOTTOM_BAR_ITEMS: readonly NavItem[] = NAV_ITEMS.filter((item) => !item.adminOnly);

export function isActive(pathname: string, eventId: string, suffix: string): boolean {
  const base = `/events/${eventId}`;
  return suffix === ''
    ? pathname === base || pathname === `${base}/` || pathname === `${base}/activity`
    : pathname.startsWith(base + suffix);
}
