/**
 * Delivery of one `mail` document (docs/data-model.md, "E-mail"), recorded on the document as
 * the Trigger Email extension does: `delivery.state` PENDING → PROCESSING → SUCCESS | ERROR,
 * with attempts, error, startTime, endTime, leaseExpireTime and the SMTP server's info.
 *
 * At most once: a transaction claims the document (PENDING → PROCESSING with a lease) before
 * anything is sent, so a duplicate or retried trigger event finds it PROCESSING (busy) or
 * finished and sends nothing. A claim whose lease ran out means a delivery stopped half way
 * (the function crashed or timed out) and may already have sent the message, so it is marked
 * ERROR and never sent again, as the extension does. Transient SMTP failures are retried inside
 * the claim, with growing pauses.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { MailDelivery, MailMessage } from '@gatherly/domain/entities/mail';
import type { MailRecord } from '../db.ts';
import { store } from '../firebase.ts';
import {
  describeSmtpError,
  isTransientSmtpError,
  messageIdFor,
  type MailTransport,
} from '../mail/transport.ts';

export interface DeliveryOptions {
  /** The From line (MAIL_FROM). */
  from: string;
  /** Pauses before each retry; one attempt plus one per pause. */
  retryDelaysMs?: readonly number[];
  /** How long a claim holds for one attempt; a later claim may take over after it. */
  leaseMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

/** Attempts after the first wait 10 s, 1 min and 3 min: about 5 minutes with the SMTP timeouts. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [10_000, 60_000, 180_000];
/** Longer than one attempt can take (mail/transport.ts timeouts: 15 + 15 + 60 s). */
export const DEFAULT_LEASE_MS = 2 * 60_000;

export const INTERRUPTED_MESSAGE =
  'Delivery stopped before it finished and the message may already have been sent, so it was not sent again';
export const INVALID_MAIL_MESSAGE = 'The mail document has no recipient, subject or body';

/**
 * - sent: this call delivered it (SUCCESS)
 * - failed: final SMTP failure or attempts used up (ERROR)
 * - finished: it was already SUCCESS or ERROR; nothing done
 * - busy: another delivery holds a live claim; nothing done (the trigger asks for a retry)
 * - interrupted: an earlier claim had lapsed; marked ERROR, nothing sent
 * - missing: no such document
 */
export type DeliveryOutcome = 'sent' | 'failed' | 'finished' | 'busy' | 'interrupted' | 'missing';

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function usable(mail: MailRecord): mail is MailRecord & { message: MailMessage } {
  const m = mail.message as Partial<MailMessage> | undefined;
  return (
    typeof mail.to === 'string' &&
    mail.to.trim() !== '' &&
    typeof m?.subject === 'string' &&
    (typeof m.text === 'string' || typeof m.html === 'string')
  );
}

const stringHeaders = (headers: unknown): Record<string, string> | undefined => {
  if (typeof headers !== 'object' || headers === null) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (typeof v === 'string') out[k] = v;
  return out;
};

export async function deliverMail(
  transport: MailTransport,
  mailId: string,
  options: DeliveryOptions,
): Promise<DeliveryOutcome> {
  const ref = store().mailDoc(mailId);
  const now = () => Timestamp.fromDate(options.now?.() ?? new Date());
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? sleepFor;
  const later = (t: Timestamp, ms: number) => Timestamp.fromMillis(t.toMillis() + ms);

  type Claim =
    | { outcome: Exclude<DeliveryOutcome, 'sent'> }
    | {
        outcome: 'claimed';
        mail: MailRecord & { message: MailMessage };
        startTime: Timestamp;
        attempts: number;
      };

  const claim = await store().firestore.runTransaction<Claim>(async (tx) => {
    const snap = await tx.get(ref);
    const mail = snap.data();
    if (!mail) return { outcome: 'missing' };
    const d = mail.delivery;
    const t = now();
    if (d?.state === 'SUCCESS' || d?.state === 'ERROR') return { outcome: 'finished' };
    if (d?.state === 'PROCESSING') {
      if (d.leaseExpireTime && d.leaseExpireTime.toMillis() > t.toMillis()) {
        return { outcome: 'busy' };
      }
      const interrupted: MailDelivery<Timestamp> = {
        ...d,
        state: 'ERROR',
        endTime: t,
        leaseExpireTime: null,
        error: INTERRUPTED_MESSAGE,
      };
      tx.update(ref, { delivery: interrupted });
      return { outcome: 'interrupted' };
    }
    if (!usable(mail)) {
      const failed: MailDelivery<Timestamp> = {
        state: 'ERROR',
        attempts: d?.attempts ?? 0,
        startTime: t,
        endTime: t,
        leaseExpireTime: null,
        error: INVALID_MAIL_MESSAGE,
        info: null,
      };
      tx.update(ref, { delivery: failed });
      return { outcome: 'failed' };
    }
    const processing: MailDelivery<Timestamp> = {
      state: 'PROCESSING',
      attempts: (d?.attempts ?? 0) + 1,
      startTime: t,
      endTime: null,
      leaseExpireTime: later(t, leaseMs),
      error: null,
      info: null,
    };
    tx.update(ref, { delivery: processing });
    return { outcome: 'claimed', mail, startTime: t, attempts: processing.attempts };
  });
  if (claim.outcome !== 'claimed') return claim.outcome;

  const { mail, startTime } = claim;
  let attempts = claim.attempts;
  const headers = stringHeaders(mail.message.headers);
  // Only well-formed text attachments go out (the document is written by functions only).
  const attachments = (mail.message.attachments ?? []).filter(
    (a) =>
      typeof a.filename === 'string' &&
      typeof a.content === 'string' &&
      typeof a.contentType === 'string',
  );
  const email = {
    from: options.from,
    to: mail.to,
    subject: mail.message.subject,
    text: mail.message.text,
    html: mail.message.html,
    messageId: messageIdFor(mailId, options.from),
    ...(headers ? { headers } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
  const delivery = (fields: Partial<MailDelivery<Timestamp>>): MailDelivery<Timestamp> => ({
    state: 'PROCESSING',
    attempts,
    startTime,
    endTime: null,
    leaseExpireTime: null,
    error: null,
    info: null,
    ...fields,
  });

  for (let retry = 0; ; retry++) {
    try {
      const info = await transport.send(email);
      // Sent: recorded whatever happened to the claim meanwhile, because it is the truth.
      await ref.update({ delivery: delivery({ state: 'SUCCESS', endTime: now(), info }) });
      return 'sent';
    } catch (err) {
      const error = describeSmtpError(err);
      const pause = delays[retry];
      if (!isTransientSmtpError(err) || pause === undefined) {
        await ref.update({ delivery: delivery({ state: 'ERROR', endTime: now(), error }) });
        return 'failed';
      }
      // The next attempt is counted now, and the lease covers the pause and that attempt; a
      // claim lost meanwhile (it lapsed and was marked interrupted) is not taken back.
      const kept = await store().firestore.runTransaction(async (tx) => {
        const current = (await tx.get(ref)).data()?.delivery;
        if (
          current?.state !== 'PROCESSING' ||
          current.startTime?.toMillis() !== startTime.toMillis()
        )
          return false;
        attempts = current.attempts + 1;
        tx.update(ref, {
          delivery: delivery({ error, leaseExpireTime: later(now(), pause + leaseMs) }),
        });
        return true;
      });
      if (!kept) return 'interrupted';
      await sleep(pause);
    }
  }
}
