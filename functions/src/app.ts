import { createRouter, type Route } from './router.ts';
import { accountRoutes } from './routes/account.ts';
import { announcementRoutes } from './routes/announcements.ts';
import { authRoutes } from './routes/auth.ts';
import { eventRoutes } from './routes/events.ts';
import { groupRoutes } from './routes/groups.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { joinLinkRoutes } from './routes/join-links.ts';
import { memberRoutes } from './routes/members.ts';
import { photoArchiveRoutes } from './routes/photo-archives.ts';
import { photoRoutes } from './routes/photos.ts';
import { pollRoutes } from './routes/polls.ts';
import { rsvpOptionRoutes } from './routes/rsvp-options.ts';
import { scheduleRoutes } from './routes/schedule.ts';
import { seatingRoutes } from './routes/seating.ts';
import { subscriptionRoutes } from './routes/subscription.ts';
import { travelRoutes } from './routes/travel.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.ts';
import { wallRoutes } from './routes/wall.ts';

/** Every route of the /api surface (docs/api.md lists each with its access). */
export const apiRoutes: readonly Route[] = [
  ...authRoutes,
  ...eventRoutes,
  ...subscriptionRoutes,
  ...accountRoutes,
  ...memberRoutes,
  ...invitationRoutes,
  ...joinLinkRoutes,
  ...photoRoutes,
  ...photoArchiveRoutes,
  ...travelRoutes,
  ...scheduleRoutes,
  ...rsvpOptionRoutes,
  ...announcementRoutes,
  ...pollRoutes,
  ...unsubscribeRoutes,
  ...groupRoutes,
  ...seatingRoutes,
  ...wallRoutes,
];

/** The whole /api surface as a node (req, res) handler. */
export const handleApi = createRouter(apiRoutes);
