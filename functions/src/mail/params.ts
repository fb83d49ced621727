/**
 * E-mail settings (README, "Deploying"): Functions params, set per project at deploy time and
 * read at run time. Nothing here names a provider: any SMTP server works. Locally `npm start`
 * points them at its SMTP catcher (functions/.env.demo-gatherly and the environment it passes).
 */
import { defineSecret, defineString } from 'firebase-functions/params';
import { HttpError } from '../http.ts';

export const LINKS_UNAVAILABLE =
  'Gatherly cannot send links right now because its web address is not configured. Please try again later.';

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
 * The web app's address, the only source of every link an e-mail or an API answer carries: never
 * a request's Origin or Host header, which a caller controls (docs/decisions.md, "Links come
 * from configuration"). No default, so a deploy asks for it; `npm start` and the tests set it.
 */
export const APP_ORIGIN = defineString('APP_ORIGIN', {
  description: 'Web app address for links in e-mails, e.g. https://gatherly.example.com',
});

/** What e-mail links need: the web app's origin and the unsubscribe signing key. */
export interface LinkContext {
  origin: string;
  linkSecret: string;
}

/** Links for e-mail written now. */
export function linkContext(): LinkContext {
  return { origin: appOrigin(), linkSecret: EMAIL_LINK_SECRET.value() };
}

/** The configured web app origin, without a trailing slash. */
export function appOrigin(): string {
  const configured = APP_ORIGIN.value().replace(/\/+$/, '');
  // Misconfigured, nothing that needs a link may go out (and no request header fills in).
  if (!/^https?:\/\/[^/\s]+$/i.test(configured)) throw new HttpError(503, LINKS_UNAVAILABLE);
  return configured;
}
