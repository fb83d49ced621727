import type { AnnouncementResponse } from '@gatherly/domain/entities';
import { announcementRequestSchema } from '@gatherly/domain/email/announcements';
import { error as logError } from 'firebase-functions/logger';
import { db } from '../firebase.ts';
import { linkContext } from '../mail/params.ts';
import { route, type Route } from '../router.ts';
import {
  announcementView,
  fanOutAnnouncement,
  recordAnnouncement,
} from '../services/announcements.ts';
import { validateBody } from '../validate.ts';

export const announcementRoutes: Route[] = [
  route({
    method: 'POST',
    pattern: '/events/:eventId/announcements',
    access: 'app',
    async handle({ caller, params, body }) {
      const values = validateBody(announcementRequestSchema, body);
      const announcement = await db().runTransaction((tx) =>
        recordAnnouncement(tx, caller, params.eventId, values),
      );
      try {
        announcement.recipientCount = await fanOutAnnouncement(
          params.eventId,
          announcement.id,
          linkContext(),
        );
      } catch (err) {
        // Recorded and in the feed; the scheduler finishes the e-mails (resumeAnnouncements).
        logError('Announcement fan-out interrupted; the scheduler will finish it', err);
      }
      const response: AnnouncementResponse = { announcement: announcementView(announcement) };
      return { status: 201, body: response };
    },
  }),
];
