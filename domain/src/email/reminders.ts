/**
 * Which reminder e-mails are due (docs/data-model.md, "E-mail"): the scheduler runs every 15
 * minutes and asks these functions, which hold every decision so they can be tested without a
 * database.
 *
 * - Unanswered: `unansweredHoursBefore` hours before a schedule item starts, every member who has
 *   not answered it gets one reminder. Answered (going, maybe, not going), removed and
 *   unsubscribed members get none. Due from that moment until the item starts.
 * - Day-of summary: on each day of the event's schedule (the calendar day in the event's zone),
 *   members going to at least one of that day's items get one e-mail listing them. Due at 7:00 AM
 *   in the event's zone, or 2 hours before the day's first item when that is earlier; lapses
 *   when the first item starts.
 *
 * Each e-mail has a deterministic mail document id per (event, item or day, member, kind), so a
 * second run, a retry or an overlapping run creates nothing new.
 */
import * as yup from 'yup';
import type { ReminderSettings } from '../entities/events.ts';
import type { ReminderKind } from '../entities/mail.ts';
import type { EmailPreferences } from '../entities/users.ts';
import { wantsEmail } from './preferences.ts';
import {
  REMINDER_HOURS_MAX,
  REMINDER_HOURS_MESSAGE,
  REMINDER_HOURS_MIN,
} from './reminder-settings.ts';
import { dayKey, toMillis } from '../dates.ts';
import { displayTimeZone, toZoned } from '../time-zones.ts';

/** events/{e}.reminderSettings, as the settings screen writes it (firestore.rules check the same). */
export const reminderSettingsSchema = yup
  .object({
    unansweredHoursBefore: yup
      .number()
      .strict()
      .integer(REMINDER_HOURS_MESSAGE)
      .min(REMINDER_HOURS_MIN, REMINDER_HOURS_MESSAGE)
      .max(REMINDER_HOURS_MAX, REMINDER_HOURS_MESSAGE)
      .nullable()
      .defined(),
    dayOfSummary: yup.boolean().strict().defined(),
  })
  .noUnknown('Unknown reminder setting')
  .defined();

/** The day-of summary goes out at this hour in the event's zone... */
export const DAY_OF_SUMMARY_HOUR = 7;
/** ...or this many hours before the day's first item, when that is earlier. */
export const DAY_OF_SUMMARY_LEAD_HOURS = 2;

const HOUR_MS = 3_600_000;

export interface ReminderItem {
  id: string;
  title: string;
  description: string;
  /** ISO instant. */
  startTime: string;
  endTime: string | null;
  location: string;
}

export interface ReminderRecipient {
  userId: string;
  email: string;
  displayName: string;
}

const startMs = (item: Pick<ReminderItem, 'startTime'>) => toMillis(item.startTime);

/** Whether the unanswered reminder for `item` is due at `now`. */
export function unansweredReminderDue(
  item: Pick<ReminderItem, 'startTime'>,
  settings: ReminderSettings,
  now: Date,
): boolean {
  const hours = settings.unansweredHoursBefore;
  const start = startMs(item);
  if (hours === null || Number.isNaN(start)) return false;
  return start - hours * HOUR_MS <= now.getTime() && now.getTime() < start;
}

/**
 * Members who get the unanswered reminder: current members (the list given) with an address,
 * no answer for the item, and reminders on.
 */
export function unansweredRecipients<M extends ReminderRecipient>(
  members: readonly M[],
  answered: ReadonlySet<string>,
  preferences: ReadonlyMap<string, EmailPreferences | undefined>,
): M[] {
  return members.filter(
    (m) =>
      m.email !== '' &&
      !answered.has(m.userId) &&
      wantsEmail(preferences.get(m.userId), 'reminders'),
  );
}

export interface ScheduleDay<I extends ReminderItem = ReminderItem> {
  /** The calendar day in the event's zone, "2027-06-12". */
  date: string;
  /** Its items, earliest first. */
  items: I[];
}

/** Items grouped by their calendar day in the zone, days and items in time order. */
export function scheduleDays<I extends ReminderItem>(
  items: readonly I[],
  zone: string,
): ScheduleDay<I>[] {
  const z = displayTimeZone(zone);
  const byDay = new Map<string, I[]>();
  const sorted = items
    .filter((i) => !Number.isNaN(startMs(i)))
    .sort((a, b) => startMs(a) - startMs(b));
  for (const item of sorted) {
    const day = dayKey(item.startTime, z);
    const list = byDay.get(day) ?? [];
    list.push(item);
    byDay.set(day, list);
  }
  return [...byDay.entries()].map(([date, dayItems]) => ({ date, items: dayItems }));
}

/** Whether the day-of summary for a day whose first item starts at `firstStart` is due at `now`. */
export function dayOfSummaryDue(firstStart: string, zone: string, now: Date): boolean {
  const first = toMillis(firstStart);
  if (Number.isNaN(first) || now.getTime() >= first) return false;
  if (now.getTime() >= first - DAY_OF_SUMMARY_LEAD_HOURS * HOUR_MS) return true;
  const today = toZoned(now, zone);
  const day = toZoned(firstStart, zone);
  return (
    today !== null &&
    day !== null &&
    today.toPlainDate().equals(day.toPlainDate()) &&
    today.hour >= DAY_OF_SUMMARY_HOUR
  );
}

export interface DayOfSummary<I extends ReminderItem, M extends ReminderRecipient> {
  recipient: M;
  /** The items of the day this member is going to, earliest first. */
  items: I[];
}

/**
 * The summaries of one day: each current member with an address and reminders on who is going
 * to at least one of the day's items.
 */
export function dayOfSummaries<I extends ReminderItem, M extends ReminderRecipient>(
  day: ScheduleDay<I>,
  going: ReadonlyMap<string, ReadonlySet<string>>,
  members: readonly M[],
  preferences: ReadonlyMap<string, EmailPreferences | undefined>,
): DayOfSummary<I, M>[] {
  const out: DayOfSummary<I, M>[] = [];
  for (const member of members) {
    if (member.email === '' || !wantsEmail(preferences.get(member.userId), 'reminders')) continue;
    const items = day.items.filter((i) => going.get(i.id)?.has(member.userId) === true);
    if (items.length > 0) out.push({ recipient: member, items });
  }
  return out;
}

/**
 * The unit of work one run does and records as done: one item's unanswered reminders, or one
 * day's summaries. `key` is the item id or the day.
 */
export function reminderRunId(kind: ReminderKind, key: string): string {
  return `${kind}:${encodeURIComponent(key)}`;
}

/** The mail document id of one member's reminder: the same on every run. */
export function reminderMailId(
  kind: ReminderKind,
  eventId: string,
  key: string,
  userId: string,
): string {
  return ['reminder', kind, eventId, key, userId].map(encodeURIComponent).join(':');
}
