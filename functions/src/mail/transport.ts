/**
 * Sending one message over SMTP with nodemailer, and telling failures worth retrying (the server
 * is unreachable or answers 4xx, "try again later") from final ones (5xx, bad credentials).
 */
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; contentType: string }[];
  /** Stable across attempts, so a receiving server can drop a duplicate. */
  messageId?: string;
}

export interface SentInfo {
  messageId: string;
  accepted: string[];
  rejected: string[];
  pending: string[];
  response: string;
}

/** What the delivery function sends through; tests pass a transport to their own SMTP server. */
export interface MailTransport {
  send(email: OutgoingEmail): Promise<SentInfo>;
}

const addresses = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((a: unknown) => String(a)) : [];

/**
 * An SMTP transport from a URL (`smtp://`, `smtps://`, with user and password). Timeouts are
 * short so one attempt fits well inside the delivery lease (services/mail-delivery.ts).
 */
export function smtpTransport(uri: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: uri,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    async send(email) {
      const info = await transporter.sendMail(email);
      return {
        messageId: info.messageId,
        accepted: addresses(info.accepted),
        rejected: addresses(info.rejected),
        pending: addresses(info.pending),
        response: info.response,
      };
    },
  };
}

/** `<hash@domain-of-from>`: the same for every attempt at one mail document. */
export function messageIdFor(mailId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'gatherly.invalid';
  const hash = createHash('sha256').update(mailId).digest('hex').slice(0, 32);
  return `<${hash}@${domain}>`;
}

interface SmtpErrorFields {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
}

/** Network trouble on the way to the server: worth another try. */
const TRANSIENT_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EAI_AGAIN',
]);

/** 4xx answers ("try later") and connection failures are transient; the rest is final. */
export function isTransientSmtpError(err: unknown): boolean {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpErrorFields;
  if (typeof e.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  return typeof e.code === 'string' && TRANSIENT_CODES.has(e.code);
}

/** A sentence for `delivery.error`. */
export function describeSmtpError(err: unknown): string {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpErrorFields;
  const detail =
    typeof e.response === 'string' && e.response !== ''
      ? e.response
      : typeof e.message === 'string'
        ? e.message
        : String(err);
  const text =
    typeof e.responseCode === 'number'
      ? `The SMTP server answered ${e.responseCode}: ${detail}`
      : typeof e.code === 'string' && TRANSIENT_CODES.has(e.code)
        ? `Could not reach the SMTP server (${e.code}): ${detail}`
        : `Sending failed: ${detail}`;
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
