/**
 * E-mail preferences (users/{uid}.emailPreferences, docs/data-model.md "E-mail"): one switch per
 * topic, on unless the person turned it off (in the profile or with an unsubscribe link).
 */
import type { EmailPreferences, EmailTopic } from '../entities/users.ts';

export const EMAIL_TOPICS: readonly EmailTopic[] = ['reminders', 'announcements'];

/** How a topic reads in a sentence ("You will no longer get event reminders"). */
export const EMAIL_TOPIC_LABELS: Readonly<Record<EmailTopic, string>> = {
  reminders: 'event reminders',
  announcements: 'announcements from event hosts',
};

export function isEmailTopic(value: unknown): value is EmailTopic {
  return typeof value === 'string' && (EMAIL_TOPICS as readonly string[]).includes(value);
}

/** Whether the person gets e-mail of this topic. */
export function wantsEmail(
  preferences: EmailPreferences | null | undefined,
  topic: EmailTopic,
): boolean {
  return preferences?.[topic] !== false;
}
