/**
 * The reminder run (the scheduler calls it every 15 minutes; what is due: domain
 * email/reminders.ts). One query finds the schedule items of the coming week across events; for
 * each event with due work it reads the members, their answers and preferences once, queues the
 * e-mails under deterministic ids and records the unit of work in `reminderRuns`, so later runs
 * skip it without reading anything else. A run that stops half way is finished by the next one;
 * overlapping runs create each e-mail once.
 *
 * Unanswered reminders carry an item's title and description to every member who has not
 * answered, so they are a broadcast like announcements and bounded like them: per event and UTC
 * day, at most the creator's tier's `maxAnnouncementsPerEventPerDay` items are reminded (soonest
 * first; a budget of its own, so reminders never use up the hosts' announcements). A unit is
 * claimed in a transaction that counts the day's claims before its e-mails are queued, so the
 * cap is exact under overlapping runs; an item over the budget waits for the next day's, while it
 * has not started. The day-of summary (once a day, only items the member said Going to) is not
 * counted.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { canCreate } from '@gatherly/domain/tiers';
import type { MailMessage, ReminderKind } from '@gatherly/domain/entities/mail';
import type { EmailPreferences } from '@gatherly/domain/entities/users';
import { dayOfSummaryEmail, unansweredReminderEmail } from '@gatherly/domain/email/reminder-emails';
import {
  dayOfSummaries,
  dayOfSummaryDue,
  reminderMailId,
  reminderRunId,
  scheduleDays,
  unansweredRecipients,
  unansweredReminderDue,
  type ReminderItem,
} from '@gatherly/domain/email/reminders';
import {
  REMINDER_HOURS_MAX,
  effectiveReminderSettings,
} from '@gatherly/domain/email/reminder-settings';
import { eventUrl, unsubscribeUrl } from '@gatherly/domain/email/links';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { seesItem } from '@gatherly/domain/groups';
import { readAll } from '../access.ts';
import type { EventRecord, ScheduleItemRecord } from '../db.ts';
import { store } from '../firebase.ts';
import type { LinkContext } from '../mail/params.ts';
import { createEach, queuedMail, type QueuedMail } from '../mail/queue.ts';
import { emailPreferences, eventMembers, type MailMember } from '../mail/recipients.ts';
import { signUnsubscribeToken } from '../mail/unsubscribe-token.ts';
import { countOf, startOfUtcDay, tierOfUser } from '../tiers.ts';

interface Job {
  kind: ReminderKind;
  /** The item id or the day. */
  key: string;
  items: ScheduleItemRecord[];
}

export interface ReminderRunResult {
  /** Units of work finished by this run. */
  jobs: number;
  /** E-mails this run queued (copies an earlier run queued are not counted). */
  queued: number;
}

const HOUR_MS = 3_600_000;

const asReminderItem = (i: ScheduleItemRecord): ReminderItem => ({
  id: i.id,
  title: i.title,
  description: i.description,
  startTime: i.startTime,
  endTime: i.endTime,
  location: i.location,
});

/** Every unanswered reminder and day-of summary due at `now`. */
export async function sendDueReminders(
  links: LinkContext,
  now: Date = new Date(),
): Promise<ReminderRunResult> {
  const upcoming = await store()
    .groups.schedule()
    .where('startTime', '>', now.toISOString())
    .where('startTime', '<=', new Date(now.getTime() + REMINDER_HOURS_MAX * HOUR_MS).toISOString())
    .get();
  const byEvent = new Map<string, ScheduleItemRecord[]>();
  for (const doc of upcoming.docs) {
    const eventId = doc.ref.parent.parent?.id;
    if (!eventId) continue;
    const list = byEvent.get(eventId) ?? [];
    list.push(doc.data());
    byEvent.set(eventId, list);
  }
  const result: ReminderRunResult = { jobs: 0, queued: 0 };
  if (byEvent.size === 0) return result;
  const eventIds = [...byEvent.keys()];
  const events = await readAll(eventIds.map((id) => store().event(id)));
  for (const snap of events) {
    const event = snap.data();
    const items = byEvent.get(snap.id);
    if (!event || event.deleting || !items) continue;
    const done = await remindEvent(snap.id, event, items, links, now);
    result.jobs += done.jobs;
    result.queued += done.queued;
  }
  return result;
}

function dueJobs(event: EventRecord, items: ScheduleItemRecord[], now: Date): Job[] {
  const settings = effectiveReminderSettings(event.reminderSettings);
  const zone = eventTimeZone(event);
  const jobs: Job[] = items
    .filter((item) => unansweredReminderDue(item, settings, now))
    .sort((a, b) => a.startTime.localeCompare(b.startTime))
    .map((item) => ({ kind: 'unanswered', key: item.id, items: [item] }));
  if (settings.dayOfSummary) {
    for (const day of scheduleDays(items, zone)) {
      const first = day.items[0];
      if (first && dayOfSummaryDue(first.startTime, zone, now)) {
        jobs.push({ kind: 'day-of', key: day.date, items: day.items });
      }
    }
  }
  return jobs;
}

async function remindEvent(
  eventId: string,
  event: EventRecord,
  items: ScheduleItemRecord[],
  links: LinkContext,
  now: Date,
): Promise<ReminderRunResult> {
  const due = dueJobs(event, items, now);
  if (due.length === 0) return { jobs: 0, queued: 0 };
  const runs = store().reminderRuns(eventId);
  const markers = await readAll(due.map((job) => runs.doc(reminderRunId(job.kind, job.key))));
  const unfinished = due.filter((_, i) => !markers[i]?.data()?.completedAt);
  const jobs: Job[] = [];
  for (const job of unfinished) {
    if (await claim(eventId, event, job, now)) jobs.push(job);
  }
  if (jobs.length === 0) return { jobs: 0, queued: 0 };

  const members = await eventMembers(eventId);
  const preferences = await emailPreferences(members.map((m) => m.userId));
  const zone = eventTimeZone(event);
  const base = {
    eventName: event.name,
    timeZone: zone,
    eventUrl: eventUrl(links.origin, eventId),
  };
  const unsubscribe = (uid: string) =>
    unsubscribeUrl(links.origin, signUnsubscribeToken(links.linkSecret, uid, 'reminders'));

  let queued = 0;
  for (const job of jobs) {
    const mails = await jobMails(eventId, job, members, preferences, (member, items) =>
      job.kind === 'unanswered'
        ? unansweredReminderEmail({
            ...base,
            recipientName: member.displayName,
            unsubscribeUrl: unsubscribe(member.userId),
            item: asReminderItem(items[0] as ScheduleItemRecord),
          })
        : dayOfSummaryEmail({
            ...base,
            recipientName: member.displayName,
            unsubscribeUrl: unsubscribe(member.userId),
            items: items.map(asReminderItem),
          }),
    );
    const { created } = await createEach(mails);
    queued += created;
    await runs
      .doc(reminderRunId(job.kind, job.key))
      .update({ mailCount: mails.length, completedAt: Timestamp.now() });
  }
  return { jobs: jobs.length, queued };
}

/**
 * Claims a unit of work before its e-mails are queued: an unanswered reminder only within the
 * event's daily budget (false: spent today). A unit already claimed by a run that stopped is
 * the caller's to finish and is not counted again.
 */
async function claim(eventId: string, event: EventRecord, job: Job, now: Date): Promise<boolean> {
  const runs = store().reminderRuns(eventId);
  const ref = runs.doc(reminderRunId(job.kind, job.key));
  return store().firestore.runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) return true;
    if (job.kind === 'unanswered') {
      const tier = await tierOfUser(event.createdBy, tx);
      const today = runs
        .where('kind', '==', 'unanswered')
        .where('claimedAt', '>=', Timestamp.fromDate(startOfUtcDay(now)));
      if (!canCreate(await countOf(today, tx), tier.maxAnnouncementsPerEventPerDay)) return false;
    }
    tx.create(ref, {
      id: ref.id,
      kind: job.kind,
      key: job.key,
      mailCount: 0,
      claimedAt: Timestamp.fromDate(now),
      completedAt: null,
    });
    return true;
  });
}

type Compose = (member: MailMember, items: readonly ScheduleItemRecord[]) => MailMessage;

async function jobMails(
  eventId: string,
  job: Job,
  members: MailMember[],
  preferences: Map<string, EmailPreferences | undefined>,
  compose: Compose,
): Promise<QueuedMail[]> {
  const mail = (member: MailMember, items: readonly ScheduleItemRecord[]): QueuedMail => {
    const id = reminderMailId(job.kind, eventId, job.key, member.userId);
    return { ref: store().mailDoc(id), data: queuedMail(id, member.email, compose(member, items)) };
  };
  if (job.kind === 'unanswered') {
    const item = job.items[0] as ScheduleItemRecord;
    const answers = await store().rsvps(eventId, item.id).select().get();
    const answered = new Set(answers.docs.map((d) => d.id));
    // An item limited to groups reminds only those who see it (domain/src/groups.ts).
    const audience = members.filter((m) => seesItem(m, item));
    return unansweredRecipients(audience, answered, preferences).map((m) => mail(m, [item]));
  }
  const going = new Map<string, Set<string>>();
  for (const item of job.items) {
    const snap = await store()
      .rsvps(eventId, item.id)
      .where('status', '==', 'going')
      .select()
      .get();
    going.set(item.id, new Set(snap.docs.map((d) => d.id)));
  }
  const day = { date: job.key, items: job.items };
  // A member taken out of an item's groups after answering Going is not reminded of it.
  return dayOfSummaries(day, going, members, preferences)
    .map((s) => ({ ...s, items: s.items.filter((item) => seesItem(s.recipient, item)) }))
    .filter((s) => s.items.length > 0)
    .map((s) => mail(s.recipient, s.items));
}
