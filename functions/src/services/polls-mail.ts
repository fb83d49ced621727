/**
 * The date poll's e-mails (docs/product.md, "Date polls"). The picked date goes to every member
 * who sees the poll (a limited item's: its groups and the admins) and takes announcements, with
 * an .ics; the poll is its outbox (`announcedCount` stays null
 * until every copy is queued, and the scheduler finishes a fan-out a crash interrupted). The
 * reminder goes once, a day before the deadline, to members who see the poll, have no ballot
 * and take reminders. Copies have deterministic ids, so running twice sends nothing twice.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { eventUrl, unsubscribeUrl } from '@gatherly/domain/email/links';
import {
  pollDateEmail,
  pollDateMailId,
  pollReminderEmail,
  pollReminderMailId,
} from '@gatherly/domain/email/poll-emails';
import { wantsEmail } from '@gatherly/domain/email/preferences';
import { formatZonedDateTime } from '@gatherly/domain/dates';
import { seesItem } from '@gatherly/domain/groups';
import { formatPollOption, pickedDateIcs } from '@gatherly/domain/polls';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import type { EventRecord, PollRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import type { LinkContext } from '../mail/params.ts';
import { createEach, queuedMail } from '../mail/queue.ts';
import { emailPreferences, eventMembers } from '../mail/recipients.ts';
import { signUnsubscribeToken } from '../mail/unsubscribe-token.ts';

type Subject = { id: string; title: string; description: string; location: string };

/** The schedule item the poll decides (null for the event itself); undefined when it is gone. */
async function itemOf(eventId: string, poll: PollRecord): Promise<Subject | null | undefined> {
  if (poll.target.kind === 'event') return null;
  const item = (await store().schedule(eventId).doc(poll.target.scheduleId).get()).data();
  return item
    ? { id: item.id, title: item.title, description: item.description, location: item.location }
    : undefined;
}

/**
 * Queues the picked date's e-mail to every member who takes announcements, and records how
 * many; returns that count. Polls still open, or already announced, are left alone.
 */
export async function announcePickedDate(
  eventId: string,
  pollId: string,
  links: LinkContext,
): Promise<number> {
  const s = store();
  const ref = s.polls(eventId).doc(pollId);
  const [pollSnap, eventSnap] = await Promise.all([ref.get(), s.event(eventId).get()]);
  const poll = pollSnap.data();
  const event = eventSnap.data();
  if (!poll || poll.status !== 'closed') return 0;
  if (poll.announcedCount !== null) return poll.announcedCount;
  if (!event || event.deleting) return 0;
  const item = await itemOf(eventId, poll);
  const option = poll.options.find((o) => o.id === poll.chosenOptionId);
  if (item === undefined || !option) {
    await ref.update({ announcedCount: 0 });
    return 0;
  }
  const zone = eventTimeZone(event);
  const link = eventUrl(links.origin, eventId);
  const ics = pickedDateIcs({ eventId, event, item, option, timeZone: zone, url: link });
  const members = await eventMembers(eventId);
  const preferences = await emailPreferences(members.map((m) => m.userId));
  const recipients = members.filter(
    (m) =>
      m.email !== '' && seesItem(m, poll) && wantsEmail(preferences.get(m.userId), 'announcements'),
  );
  const when = formatPollOption(option, zone);
  const copies = recipients.map((r) => {
    const id = pollDateMailId(eventId, pollId, r.userId);
    const message = pollDateEmail({
      recipientName: r.displayName,
      eventName: event.name,
      subject: item?.title ?? event.name,
      when,
      eventUrl: link,
      unsubscribeUrl: unsubscribeUrl(
        links.origin,
        signUnsubscribeToken(links.linkSecret, r.userId, 'announcements'),
      ),
      ics,
    });
    return { ref: s.mailDoc(id), data: queuedMail(id, r.email, message) };
  });
  await createEach(copies);
  await ref.update({ announcedCount: recipients.length });
  return recipients.length;
}

/** Picked polls older than this with no announcedCount were interrupted: finish them. */
export const POLL_ANNOUNCE_GRACE_MS = 2 * 60_000;

/** Polls handled per scheduler run and kind of work. */
const POLL_BATCH = 20;

/** Finishes interrupted picked-date fan-outs (the scheduler calls this); returns how many. */
export async function resumePollAnnouncements(
  links: LinkContext,
  now: Date = new Date(),
): Promise<number> {
  const stale = await store()
    .groups.polls()
    .where('announcedCount', '==', null)
    .where('closedAt', '<=', Timestamp.fromMillis(now.getTime() - POLL_ANNOUNCE_GRACE_MS))
    .limit(POLL_BATCH)
    .get();
  for (const doc of stale.docs) {
    const eventId = doc.ref.parent.parent?.id;
    if (eventId) await announcePickedDate(eventId, doc.id, links);
  }
  return stale.size;
}

/**
 * Reminds the members without a ballot of every poll whose reminder is due (the scheduler calls
 * this): the e-mails are queued first (deterministic ids), then the poll's `reminderDueAt` is
 * cleared if it was not changed meanwhile, so a crash in between reminds nobody twice.
 * Returns the e-mails queued.
 */
export async function remindPollNonVoters(
  links: LinkContext,
  now: Date = new Date(),
): Promise<number> {
  const s = store();
  const due = await s.groups
    .polls()
    .where('reminderDueAt', '<=', Timestamp.fromDate(now))
    .limit(POLL_BATCH)
    .get();
  let queued = 0;
  for (const doc of due.docs) {
    const eventId = doc.ref.parent.parent?.id;
    const poll = doc.data();
    if (!eventId) continue;
    const event = (await s.event(eventId).get()).data();
    if (
      event &&
      !event.deleting &&
      poll.status === 'open' &&
      poll.deadline &&
      Date.parse(poll.deadline) > now.getTime()
    ) {
      queued += await remindPoll(eventId, event, poll, links);
    }
    await db().runTransaction(async (tx) => {
      const fresh = (await tx.get(doc.ref)).data();
      if (fresh && fresh.reminderDueAt?.isEqual(poll.reminderDueAt ?? Timestamp.fromMillis(0))) {
        tx.update(doc.ref, { reminderDueAt: null });
      }
    });
  }
  return queued;
}

async function remindPoll(
  eventId: string,
  event: EventRecord,
  poll: PollRecord,
  links: LinkContext,
): Promise<number> {
  const s = store();
  // Ballot ids only (one per member who answered; at most the event's 1,000 members).
  const ballots = await s.pollBallots(eventId, poll.id).select().get();
  const voted = new Set(ballots.docs.map((d) => d.id));
  const members = (await eventMembers(eventId)).filter(
    (m) => m.email !== '' && !voted.has(m.userId) && seesItem(m, poll),
  );
  const preferences = await emailPreferences(members.map((m) => m.userId));
  const item = await itemOf(eventId, poll);
  const zone = eventTimeZone(event);
  const link = eventUrl(links.origin, eventId);
  const copies = members
    .filter((m) => wantsEmail(preferences.get(m.userId), 'reminders'))
    .map((m) => {
      const id = pollReminderMailId(eventId, poll.id, m.userId);
      const message = pollReminderEmail({
        recipientName: m.displayName,
        eventName: event.name,
        subject: item?.title ?? event.name,
        deadline: formatZonedDateTime(poll.deadline, zone),
        optionCount: poll.options.length,
        eventUrl: link,
        unsubscribeUrl: unsubscribeUrl(
          links.origin,
          signUnsubscribeToken(links.linkSecret, m.userId, 'reminders'),
        ),
      });
      return { ref: s.mailDoc(id), data: queuedMail(id, m.email, message) };
    });
  const result = await createEach(copies);
  return result.created;
}
