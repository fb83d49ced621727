/**
 * Announcements (docs/api.md, "Announcements"): the request records the announcement in the
 * event (its activity feed) in one transaction with the permission and daily-limit checks; then
 * the fan-out queues one e-mail per recipient. The announcement document is the outbox: its
 * `recipientCount` stays null until every copy is queued, and the scheduler finishes any fan-out
 * a crash interrupted. Copies have deterministic ids, so finishing twice sends nothing twice.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { error as logError } from 'firebase-functions/logger';
import type { Announcement, AnnouncementResponse, RsvpStatus } from '@gatherly/domain/entities';
import {
  ANNOUNCEMENT_MESSAGES,
  announcementEmail,
  announcementMailId,
  announcementRecipients,
  announcementRequestSchema,
  audienceLabel,
  audienceOf,
} from '@gatherly/domain/email/announcements';
import { eventUrl, unsubscribeUrl } from '@gatherly/domain/email/links';
import { requirePermission } from '../access.ts';
import { notFound } from '../http.ts';
import type { Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import { countOf, requireWithin, startOfUtcDay, tierOfUser } from '../tiers.ts';
import { personSummary } from '../users.ts';
import { validateBody } from '../validate.ts';
import { db } from '../firebase.ts';
import { mailData, type AnnouncementRecord } from './data.ts';
import { linkContext, type LinkContext } from './params.ts';
import { createEach, queuedMail } from './queue.ts';
import { emailPreferences, eventMembers } from './recipients.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

/** Announcements of one event sent since the start of the UTC day (the daily limit counts them). */
export const announcementsSince = (firestore: Firestore, eventId: string, since: Date) =>
  mailData(firestore).announcements(eventId).where('createdAt', '>=', Timestamp.fromDate(since));

/**
 * Records an announcement: caller must be an admin or the creator; the schedule item of an
 * answer audience must exist; the event creator's tier caps announcements per event and day.
 */
export async function recordAnnouncement(
  firestore: Firestore,
  uid: string,
  eventId: string,
  body: unknown,
): Promise<AnnouncementRecord> {
  const values = validateBody(announcementRequestSchema, body);
  const audience = audienceOf(values);
  const data = mailData(firestore);
  const ref = data.announcements(eventId).doc();
  return firestore.runTransaction(async (tx) => {
    const { event, member } = await requirePermission(eventId, uid, 'sendAnnouncements', tx);
    let itemTitle = '';
    if (audience.kind === 'rsvp') {
      const item = (await tx.get(data.schedule(eventId).doc(audience.scheduleId))).data();
      if (!item) throw notFound(ANNOUNCEMENT_MESSAGES.itemNotFound);
      itemTitle = item.title;
    }
    const tier = await tierOfUser(event.createdBy, tx);
    const sentToday = await countOf(announcementsSince(firestore, eventId, startOfUtcDay()), tx);
    requireWithin(
      sentToday,
      tier.maxAnnouncementsPerEventPerDay,
      'announcements per event per day',
      tier,
    );
    const announcement: AnnouncementRecord = {
      id: ref.id,
      eventId,
      authorId: uid,
      author: personSummary(member.user),
      message: values.message,
      audience,
      audienceLabel: audienceLabel(audience, itemTitle),
      recipientCount: null,
      createdAt: Timestamp.now(),
    };
    tx.create(ref, announcement);
    return announcement;
  });
}

/**
 * Queues the e-mail copies of an announcement and records how many; returns that count. Already
 * finished announcements are left alone.
 */
export async function fanOutAnnouncement(
  firestore: Firestore,
  eventId: string,
  announcementId: string,
  links: LinkContext,
): Promise<number> {
  const data = mailData(firestore);
  const ref = data.announcements(eventId).doc(announcementId);
  const [announcementSnap, eventSnap] = await Promise.all([ref.get(), data.event(eventId).get()]);
  const announcement = announcementSnap.data();
  const event = eventSnap.data();
  if (!announcement) return 0;
  if (announcement.recipientCount !== null) return announcement.recipientCount;
  if (!event || event.deleting) return 0;

  const members = await eventMembers(data, eventId);
  const answers = new Map<string, RsvpStatus>();
  if (announcement.audience.kind === 'rsvp') {
    const rsvps = await data.rsvps(eventId, announcement.audience.scheduleId).get();
    for (const r of rsvps.docs) answers.set(r.id, r.data().status);
  }
  const preferences = await emailPreferences(
    data,
    members.map((m) => m.userId),
  );
  const recipients = announcementRecipients(
    members,
    announcement.audience,
    answers,
    preferences,
    announcement.authorId,
  );
  const link = eventUrl(links.origin, eventId);
  const docs = recipients.map((r) => ({
    ref: data.mailDoc(announcementMailId(eventId, announcementId, r.userId)),
    data: queuedMail(
      r.email,
      announcementEmail({
        recipientName: r.displayName,
        eventName: event.name,
        authorName: announcement.author.displayName,
        message: announcement.message,
        audienceLabel: announcement.audienceLabel,
        eventUrl: link,
        unsubscribeUrl: unsubscribeUrl(
          links.origin,
          signUnsubscribeToken(links.linkSecret, r.userId, 'announcements'),
        ),
      }),
    ),
  }));
  await createEach(firestore, docs);
  await ref.update({ recipientCount: recipients.length });
  return recipients.length;
}

/** Announcements older than this with no recipientCount were interrupted: finish them. */
export const FAN_OUT_GRACE_MS = 2 * 60_000;

/** Finishes interrupted fan-outs (the scheduler calls this); returns how many. */
export async function resumeAnnouncements(
  firestore: Firestore,
  links: LinkContext,
  now: Date = new Date(),
): Promise<number> {
  const stale = await mailData(firestore)
    .groups.announcements()
    .where('recipientCount', '==', null)
    .where('createdAt', '<=', Timestamp.fromMillis(now.getTime() - FAN_OUT_GRACE_MS))
    .limit(20)
    .get();
  for (const doc of stale.docs) {
    const eventId = doc.ref.parent.parent?.id;
    if (eventId) await fanOutAnnouncement(firestore, eventId, doc.id, links);
  }
  return stale.size;
}

function announcementJson(record: AnnouncementRecord): Announcement {
  return apiShape<Announcement>(record);
}

export const announcementRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/events/:eventId/announcements',
    async handle({ user, params, body, origin }) {
      const eventId = params.eventId as string;
      const announcement = await recordAnnouncement(db(), user.uid, eventId, body);
      try {
        announcement.recipientCount = await fanOutAnnouncement(
          db(),
          eventId,
          announcement.id,
          linkContext(origin),
        );
      } catch (err) {
        // Recorded and in the feed; the scheduler finishes the e-mails (resumeAnnouncements).
        logError('Announcement fan-out interrupted; the scheduler will finish it', err);
      }
      const response: AnnouncementResponse = { announcement: announcementJson(announcement) };
      return { status: 201, body: response };
    },
  },
];
