/**
 * E-mail settings (README, "Deploying"): Functions params, set per project at deploy time and
 * read at run time. Nothing here names a provider: any SMTP server works. Locally `npm start`
 * points them at its SMTP catcher (functions/.env.demo-gatherly and the environment it passes).
 */
import { defineSecret, defineString } from 'firebase-functions/params';

/**
 * The SMTP server, as a URL: `smtps://user:password@smtp.example.com:465` (TLS) or
 * `smtp://user:password@smtp.example.com:587` (STARTTLS). A secret: it holds the password.
 */
export const SMTP_URI = defineSecret('SMTP_URI');

/** The From line, e.g. `Gatherly <no-reply@example.com>`: an address the SMTP server may send as. */
export const MAIL_FROM = defineString('MAIL_FROM', {
  description: 'From line of every e-mail, e.g. "Gatherly <no-reply@example.com>"',
});

/** Signs unsubscribe links (HMAC-SHA256). Any long random string; changing it voids old links. */
export const EMAIL_LINK_SECRET = defineSecret('EMAIL_LINK_SECRET');

/**
 * The web app's address for links in e-mails that no request carries (reminders). Empty: the
 * project's default Hosting domain. Requests use their own origin (router.ts).
 */
export const APP_ORIGIN = defineString('APP_ORIGIN', {
  default: '',
  description:
    'Web app address for links in scheduled e-mails; empty for https://<project>.web.app',
});

/** What e-mail links need: the web app's origin and the unsubscribe signing key. */
export interface LinkContext {
  origin: string;
  linkSecret: string;
}

/** Links for e-mail written now; `origin` is the request's where there is one. */
export function linkContext(origin: string | null = null): LinkContext {
  return { origin: origin ?? scheduledMailOrigin(), linkSecret: EMAIL_LINK_SECRET.value() };
}

/** The origin for links in scheduled e-mails. */
export function scheduledMailOrigin(): string {
  const configured = APP_ORIGIN.value().replace(/\/+$/, '');
  if (configured !== '') return configured;
  const project = process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? 'demo-gatherly';
  return `https://${project}.web.app`;
}
