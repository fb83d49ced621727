import { announcementRoutes } from './mail/announcements.ts';
import { unsubscribeRoutes } from './mail/unsubscribe.ts';
import { createRouter } from './router.ts';
import { authRoutes } from './routes/auth.ts';
import { eventRoutes } from './routes/events.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { memberRoutes } from './routes/members.ts';
import { photoRoutes } from './routes/photos.ts';
import { scheduleRoutes } from './routes/schedule.ts';
import { subscriptionRoutes } from './routes/subscription.ts';
import { travelRoutes } from './routes/travel.ts';

/** The whole /api surface as a node (req, res) handler. */
export const handleApi = createRouter([
  ...authRoutes,
  ...eventRoutes,
  ...subscriptionRoutes,
  ...memberRoutes,
  ...invitationRoutes,
  ...photoRoutes,
  ...travelRoutes,
  ...scheduleRoutes,
  ...announcementRoutes,
  ...unsubscribeRoutes,
]);
