/**
 * Addresses that e-mails link to. `origin` is the web app's ("https://gatherly.example"); the
 * unsubscribe address is the `/api` function behind it (Hosting rewrites /api/**).
 */

/** Where a signed-in person manages their e-mail preferences (the web app's profile page). */
export const EMAIL_PREFERENCES_PATH = '/profile';

const trimOrigin = (origin: string) => origin.replace(/\/+$/, '');

export function eventUrl(origin: string, eventId: string): string {
  return `${trimOrigin(origin)}/events/${encodeURIComponent(eventId)}`;
}

export function preferencesUrl(origin: string): string {
  return `${trimOrigin(origin)}${EMAIL_PREFERENCES_PATH}`;
}

/** A map search for a free-text place; opens the maps app on phones. */
export function mapUrl(location: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location.trim())}`;
}

export function unsubscribeUrl(origin: string, token: string): string {
  return `${trimOrigin(origin)}/api/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * RFC 2369 and RFC 8058 headers: mail clients show their own Unsubscribe button and POST
 * "List-Unsubscribe=One-Click" to the address, with no page in between.
 */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
