/**
 * Announcements (docs/api.md, "Announcements"): the request records the announcement in the
 * event (its activity feed) in one transaction with the permission and daily-limit checks; then
 * the fan-out queues one e-mail per recipient. The announcement document is the outbox: its
 * `recipientCount` stays null until every copy is queued, and the scheduler finishes any fan-out
 * a crash interrupted. Copies have deterministic ids, so finishing twice sends nothing twice.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { Announcement } from '@gatherly/domain/entities/activity';
import {
  ANNOUNCEMENT_MESSAGES,
  announcementEmail,
  announcementMailId,
  announcementRecipients,
  audienceLabel,
  audienceOf,
  type AnnouncementRequestValues,
} from '@gatherly/domain/email/announcements';
import { eventUrl, unsubscribeUrl } from '@gatherly/domain/email/links';
import { groupLimit, isLimited, seesItem } from '@gatherly/domain/groups';
import { requirePermission } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { AnnouncementRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { badRequest, notFound } from '../http.ts';
import type { LinkContext } from '../mail/params.ts';
import { createEach, queuedMail } from '../mail/queue.ts';
import { emailPreferences, eventMembers } from '../mail/recipients.ts';
import { signUnsubscribeToken } from '../mail/unsubscribe-token.ts';
import { apiShape } from '../serialize.ts';
import { countOf, requireEventWithin, startOfUtcDay, tierOfUser } from '../tiers.ts';
import { personSummary } from '../users.ts';
import type { RsvpStatus } from '@gatherly/domain/rsvp-options';

export function announcementView(record: AnnouncementRecord): Announcement {
  return apiShape(record);
}

/** Announcements of one event sent since the start of the UTC day (the daily limit counts them). */
export const announcementsSince = (eventId: string, since: Date) =>
  store().announcements(eventId).where('createdAt', '>=', Timestamp.fromDate(since));

/**
 * Records an announcement: the caller must be an admin or the creator; the schedule item of an
 * answer audience, and every group of a group audience, must exist (an unknown group is a 400:
 * the composer offered it, so it was deleted meanwhile); the event creator's tier caps
 * announcements per event and day. A group audience's label keeps the names of the moment.
 */
export async function recordAnnouncement(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  values: AnnouncementRequestValues,
): Promise<AnnouncementRecord> {
  const s = store();
  const audience = audienceOf(values);
  const ref = s.announcements(eventId).doc();
  const { event, member } = await requirePermission(caller, eventId, 'sendAnnouncements', { tx });
  let itemTitle = '';
  let itemLimited = false;
  if (audience.kind === 'rsvp') {
    const item = (await tx.get(s.schedule(eventId).doc(audience.scheduleId))).data();
    if (!item) throw notFound(ANNOUNCEMENT_MESSAGES.itemNotFound);
    itemTitle = item.title;
    itemLimited = isLimited(item);
  }
  let groupNames: { id: string; name: string }[] = [];
  if (audience.kind === 'groups') {
    const snaps = await Promise.all(
      audience.groupIds.map((g) => tx.get(s.guestGroups(eventId).doc(g))),
    );
    groupNames = snaps.flatMap((snap) => snap.data() ?? []);
    if (groupNames.length !== audience.groupIds.length) {
      throw badRequest(ANNOUNCEMENT_MESSAGES.unknownGroups);
    }
  }
  const tier = await tierOfUser(event.createdBy, tx);
  const sentToday = await countOf(announcementsSince(eventId, startOfUtcDay()), tx);
  requireEventWithin(
    sentToday,
    tier.maxAnnouncementsPerEventPerDay,
    { what: 'announcements per event per day', more: 'more announcements today' },
    tier,
    caller.uid === event.createdBy,
  );
  const announcement: AnnouncementRecord = {
    id: ref.id,
    eventId,
    authorId: caller.uid,
    author: personSummary(member.user),
    message: values.message,
    audience,
    audienceLabel: audienceLabel(audience, itemTitle, groupNames),
    // A group audience is limited to its groups: `groupAccess` lets their members read it.
    itemLimited: itemLimited || audience.kind === 'groups',
    ...(audience.kind === 'groups'
      ? { groupAccess: groupLimit(audience.groupIds).groupAccess }
      : {}),
    recipientCount: null,
    createdAt: Timestamp.now(),
  };
  tx.create(ref, announcement);
  return announcement;
}

/**
 * Queues the e-mail copies of an announcement and records how many; returns that count. Already
 * finished announcements are left alone.
 */
export async function fanOutAnnouncement(
  eventId: string,
  announcementId: string,
  links: LinkContext,
): Promise<number> {
  const s = store();
  const ref = s.announcements(eventId).doc(announcementId);
  const [announcementSnap, eventSnap] = await Promise.all([ref.get(), s.event(eventId).get()]);
  const announcement = announcementSnap.data();
  const event = eventSnap.data();
  if (!announcement) return 0;
  if (announcement.recipientCount !== null) return announcement.recipientCount;
  if (!event || event.deleting) return 0;

  let members = await eventMembers(eventId);
  const answers = new Map<string, RsvpStatus>();
  if (announcement.audience.kind === 'rsvp') {
    const { scheduleId } = announcement.audience;
    // An item limited to groups: only those who see it can be told about it ("no answer yet"
    // would otherwise reach everyone outside its groups).
    const item = (await s.schedule(eventId).doc(scheduleId).get()).data();
    members = item ? members.filter((m) => seesItem(m, item)) : [];
    const rsvps = await s.rsvps(eventId, scheduleId).get();
    // Waiting members answered (not "no answer yet") but are not going: no answer audience
    // includes them.
    const waiting = new Set<string>();
    for (const r of rsvps.docs) {
      const { status } = r.data();
      if (status === 'waitlisted') waiting.add(r.id);
      else answers.set(r.id, status);
    }
    members = members.filter((m) => !waiting.has(m.userId));
  }
  const preferences = await emailPreferences(members.map((m) => m.userId));
  const recipients = announcementRecipients(
    members,
    announcement.audience,
    answers,
    preferences,
    announcement.authorId,
  );
  const link = eventUrl(links.origin, eventId);
  const copies = recipients.map((r) => {
    const id = announcementMailId(eventId, announcementId, r.userId);
    const message = announcementEmail({
      recipientName: r.displayName,
      eventName: event.name,
      authorName: announcement.author.displayName,
      message: announcement.message,
      audienceLabel: announcement.audienceLabel,
      audienceKind: announcement.audience.kind,
      eventUrl: link,
      unsubscribeUrl: unsubscribeUrl(
        links.origin,
        signUnsubscribeToken(links.linkSecret, r.userId, 'announcements'),
      ),
    });
    return { ref: s.mailDoc(id), data: queuedMail(id, r.email, message) };
  });
  await createEach(copies);
  await ref.update({ recipientCount: recipients.length });
  return recipients.length;
}

/** Announcements older than this with no recipientCount were interrupted: finish them. */
export const FAN_OUT_GRACE_MS = 2 * 60_000;

/** Interrupted fan-outs finished per scheduler run. */
const RESUME_BATCH = 20;

/** Finishes interrupted fan-outs (the scheduler calls this); returns how many. */
export async function resumeAnnouncements(
  links: LinkContext,
  now: Date = new Date(),
): Promise<number> {
  const stale = await store()
    .groups.announcements()
    .where('recipientCount', '==', null)
    .where('createdAt', '<=', Timestamp.fromMillis(now.getTime() - FAN_OUT_GRACE_MS))
    .limit(RESUME_BATCH)
    .get();
  for (const doc of stale.docs) {
    const eventId = doc.ref.parent.parent?.id;
    if (eventId) await fanOutAnnouncement(eventId, doc.id, links);
  }
  return stale.size;
}
