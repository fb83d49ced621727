/**
 * The e-mail functions (README, "Deploying"): delivery of each new `mail` document, and the
 * 15-minute scheduler for reminders and interrupted announcement fan-outs.
 */
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { resumeAnnouncements } from '../services/announcements.ts';
import { deliverMail } from '../services/mail-delivery.ts';
import { sendDueReminders } from '../services/reminders.ts';
import { remindPollNonVoters, resumePollAnnouncements } from '../services/polls-mail.ts';
import { EMAIL_LINK_SECRET, MAIL_FROM, SMTP_URI, linkContext } from './params.ts';
import { smtpTransport, type MailTransport } from './transport.ts';

let transport: { uri: string; transport: MailTransport } | null = null;

/** One transport per instance (per SMTP_URI). */
function smtp(): MailTransport {
  const uri = SMTP_URI.value();
  if (uri === '')
    throw new Error('SMTP_URI is not set; e-mail cannot be sent (README, "Deploying")');
  if (transport?.uri !== uri) transport = { uri, transport: smtpTransport(uri) };
  return transport.transport;
}

/**
 * Sends each new `mail` document once. Event delivery is at least once: a duplicate event finds
 * the document claimed or finished and does nothing; while another invocation still holds the
 * claim this one fails so the platform retries it later, when the claim has either finished or
 * lapsed (then it is marked ERROR: it may have been sent).
 */
export const mailDelivery = onDocumentCreated(
  {
    document: 'mail/{mailId}',
    region: 'us-central1',
    secrets: [SMTP_URI],
    retry: true,
    // One attempt plus three retries with their pauses (services/mail-delivery.ts) fit with room to spare.
    timeoutSeconds: 540,
  },
  async (event) => {
    const from = MAIL_FROM.value();
    if (from === '') throw new Error('MAIL_FROM is not set (README, "Deploying")');
    const outcome = await deliverMail(smtp(), event.params.mailId, { from });
    if (outcome === 'busy') {
      throw new Error(`mail/${event.params.mailId} is being delivered by another invocation`);
    }
  },
);

export const emailScheduler = onSchedule(
  {
    schedule: 'every 15 minutes',
    timeZone: 'UTC',
    region: 'us-central1',
    secrets: [EMAIL_LINK_SECRET],
    timeoutSeconds: 540,
  },
  async () => {
    const links = linkContext();
    await sendDueReminders(links);
    await resumeAnnouncements(links);
    await remindPollNonVoters(links);
    await resumePollAnnouncements(links);
  },
);
