import type { IconProps } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import {
  HomeIcon,
  PhotoIcon,
  PlaneIcon,
  SettingsIcon,
  UsersIcon,
} from '../../components/icons.tsx';
import { eventHref, type EventArea } from '../../lib/paths.ts';

export interface NavItem {
  label: 'Dashboard' | 'Photos' | 'Travel' | 'Members' | 'Settings';
  area: EventArea;
  icon: ComponentType<IconProps>;
  adminOnly: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', area: '', icon: HomeIcon, adminOnly: false },
  { label: 'Photos', area: 'photos', icon: PhotoIcon, adminOnly: false },
  { label: 'Travel', area: 'travel', icon: PlaneIcon, adminOnly: false },
  { label: 'Members', area: 'members', icon: UsersIcon, adminOnly: false },
  { label: 'Settings', area: 'settings', icon: SettingsIcon, adminOnly: true },
];

export function navItemsFor(isAdmin: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);
}

/** Bottom bar (under 768 px): the four member areas, never Settings. */
export const BOTTOM_BAR_ITEMS: readonly NavItem[] = NAV_ITEMS.filter((item) => !item.adminOnly);

/** The dashboard item also stands for the activity screen (reached from its card). */
export function isActive(pathname: string, eventId: string, area: EventArea): boolean {
  const base = eventHref(eventId);
  return area === ''
    ? pathname === base || pathname === `${base}/` || pathname === eventHref(eventId, 'activity')
    : pathname.startsWith(eventHref(eventId, area));
}
