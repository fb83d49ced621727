/**
 * The event's reminder settings as stored (`events/{e}.reminderSettings`): defaults, limits and
 * the reading of a stored value. Kept apart from reminders.ts (the due-reminder decisions and the
 * form schema) so reading an event loads neither yup nor the time-zone library
 * (docs/performance.md, "JavaScript").
 */
import type { ReminderSettings } from '../entities/events.ts';

export const DEFAULT_REMINDER_SETTINGS: Readonly<ReminderSettings> = Object.freeze({
  unansweredHoursBefore: 48,
  dayOfSummary: true,
});

export const REMINDER_HOURS_MIN = 1;
/** One week: the scheduler looks this far ahead. */
export const REMINDER_HOURS_MAX = 168;
export const REMINDER_HOURS_MESSAGE = `Reminders can be sent 1 to ${REMINDER_HOURS_MAX} hours before an item`;

/**
 * Whether a stored value is a complete, valid setting: what `reminderSettingsSchema` accepts
 * (reminders.ts; domain/test/email/selection.test.ts holds them to the same cases).
 */
export function isReminderSettings(value: unknown): value is ReminderSettings {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const { unansweredHoursBefore: hours, dayOfSummary } = value as Record<string, unknown>;
  const hoursOk =
    hours === null ||
    (typeof hours === 'number' &&
      Number.isInteger(hours) &&
      hours >= REMINDER_HOURS_MIN &&
      hours <= REMINDER_HOURS_MAX);
  return hoursOk && typeof dayOfSummary === 'boolean';
}

/** The stored settings, or the defaults for events that never changed them. */
export function effectiveReminderSettings(stored: unknown): ReminderSettings {
  return isReminderSettings(stored) ? stored : { ...DEFAULT_REMINDER_SETTINGS };
}
