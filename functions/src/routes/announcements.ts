import { API } from '@gatherly/domain/api/endpoints';
import { error as logError } from 'firebase-functions/logger';
import { db } from '../firebase.ts';
import { linkContext } from '../mail/params.ts';
import { route, type Route } from '../router.ts';
import {
  announcementView,
  fanOutAnnouncement,
  recordAnnouncement,
} from '../services/announcements.ts';

export const announcementRoutes: Route[] = [
  route(API.sendAnnouncement, async ({ caller, params, body }) => {
    const announcement = await db().runTransaction((tx) =>
      recordAnnouncement(tx, caller, params.eventId, body),
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
    return { status: 201, body: { announcement: announcementView(announcement) } };
  }),
];
