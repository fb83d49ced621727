// mail/{id} (the Trigger Email extension schema) and the reminder runs that queue it.
import type { IsoDateString } from './common.ts';

/** mail/{id}, the Trigger Email extension schema (docs/data-model.md, "E-mail"). */
export interface MailDocument<Time = IsoDateString> {
  to: string;
  message: MailMessage;
  /** Written by the delivery function, as the extension does. */
  delivery?: MailDelivery<Time>;
}

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Files sent with it (the extension's nodemailer form): a picked date's .ics. */
  attachments?: MailAttachment[];
}

/** A text attachment, stored in the mail document (an .ics is a few hundred bytes). */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export type MailDeliveryState = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'ERROR';

export interface MailDelivery<Time = IsoDateString> {
  state: MailDeliveryState;
  /** SMTP attempts made so far. */
  attempts: number;
  /** When the current (or last) delivery began; null while PENDING. */
  startTime: Time | null;
  endTime: Time | null;
  /** While PROCESSING: the claim holds until then (docs/data-model.md, "E-mail"). */
  leaseExpireTime: Time | null;
  /** The last failure, as a sentence. */
  error: string | null;
  /** The SMTP server's answer once SUCCESS. */
  info: MailDeliveryInfo | null;
}

export interface MailDeliveryInfo {
  messageId: string;
  accepted: string[];
  rejected: string[];
  pending: string[];
  response: string;
}

/** The reminder e-mails the scheduler sends: before an unanswered item, and the day's summary. */
export type ReminderKind = 'unanswered' | 'day-of';

/**
 * events/{e}/reminderRuns/{runId}: one unit of reminder work (server-only), claimed before its
 * e-mails are queued (unanswered reminders count against the event's daily budget by
 * `claimedAt`) and finished after.
 */
export interface ReminderRun<Time = IsoDateString> {
  kind: ReminderKind;
  /** The item id, or the day in the event's zone ("2027-06-12"). */
  key: string;
  /** E-mails the unit queued. */
  mailCount: number;
  /** When the run claimed the unit (absent on units from before claims). */
  claimedAt?: Time;
  /** Null while claimed but not finished (a run that stopped: the next one finishes it). */
  completedAt: Time | null;
}
