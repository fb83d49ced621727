import type { IconProps } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import {
  CalendarIcon,
  CameraIcon,
  GridIcon,
  PlaneIcon,
  PlusIcon,
  SmartphoneIcon,
  UsersIcon,
} from '../../components/icons.tsx';

export interface LandingItem {
  title: string;
  text: string;
  icon: ComponentType<IconProps>;
}

export const STEPS: readonly LandingItem[] = [
  {
    title: 'Create Your Event',
    text: 'Set the name, dates and place, then brand it with your own logo and colours.',
    icon: PlusIcon,
  },
  {
    title: 'Coordinate Together',
    text: 'Invite your group to share flights, fill carpools and RSVP to every part of the schedule.',
    icon: UsersIcon,
  },
  {
    title: 'Capture Memories',
    text: 'Everyone uploads their photos to one gallery and votes for the favourites.',
    icon: CameraIcon,
  },
];

export const FEATURES: readonly LandingItem[] = [
  {
    title: 'Multi-Event Management',
    text: 'Run several events at once, each with its own members and data kept separate, and custom branding for each.',
    icon: GridIcon,
  },
  {
    title: 'Travel Coordination',
    text: 'See who arrives when, share flight details and organise carpools with open seats.',
    icon: PlaneIcon,
  },
  {
    title: 'Photo Galleries',
    text: 'A shared gallery per event with voting, so the best shots rise to the top.',
    icon: CameraIcon,
  },
  {
    title: 'Scheduling & RSVPs',
    text: 'Publish the schedule and see at a glance who is going to each part of it.',
    icon: CalendarIcon,
  },
  {
    title: 'Member Management',
    text: 'Invite by e-mail, choose admins and attendees, and control who can change what.',
    icon: UsersIcon,
  },
  {
    title: 'Mobile-First Design',
    text: 'Built for the phone in your pocket on the day, and just as good on a laptop.',
    icon: SmartphoneIcon,
  },
];

export const FOOTER_GROUPS: readonly {
  title: 'Product' | 'Support' | 'Company';
  items: readonly string[];
}[] = [
  { title: 'Product', items: ['Features', 'How It Works', 'Pricing'] },
  { title: 'Support', items: ['Help Center', 'Contact Us', 'Privacy Policy'] },
  { title: 'Company', items: ['About', 'Blog', 'Careers'] },
];
