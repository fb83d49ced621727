/** The invitation e-mail (POST /api/events/{id}/members queues it). */
import type { IsoDateString } from '../entities/common.ts';
import type { MailMessage } from '../entities/mail.ts';
import type { InvitableRole } from '../entities/members.ts';
import {
  button,
  details,
  fallbackLink,
  inline,
  link,
  paragraph,
  paragraphOf,
  renderEmail,
  strong,
  type DetailRow,
} from './html.ts';
import { mapUrl } from './links.ts';
import { nameOr, oneLine, subjectLine, textRows } from './text.ts';
import { DEFAULT_EVENT_TIME_ZONE } from '../time-zones.ts';
import { formatWhen } from './when.ts';

export interface InvitationEmailInput {
  to: string;
  eventName: string;
  /** Who sent the invitation (display name or e-mail). */
  hostName: string;
  role: InvitableRole;
  startDate: IsoDateString | null;
  endDate: IsoDateString | null;
  location: string;
  /** The zone the dates are shown in: the event's. */
  timeZone?: string;
  acceptUrl: string;
}

/** No password or Google account: the invitation page e-mails the invited address a sign-in link. */
const NO_ACCOUNT_NEEDED = (to: string) =>
  `No account needed: the invitation page can e-mail ${to} a sign-in link, or sign in with Google.`;

const ROLE_TEXT: Record<InvitableRole, string> = {
  attendee: 'an attendee',
  admin: 'an admin',
};

/**
 * HTML and plain text. No unsubscribe link: an invitation is sent once per person and event, to
 * an address that may have no account yet (docs/decisions.md, "E-mail").
 */
export function invitationEmail(input: InvitationEmailInput): MailMessage {
  const eventName = nameOr(input.eventName, 'an event');
  const host = nameOr(input.hostName, 'A Gatherly user');
  const zone = input.timeZone ?? DEFAULT_EVENT_TIME_ZONE;
  const when = formatWhen(input.startDate, input.endDate, zone);
  const location = oneLine(input.location);
  const role = ROLE_TEXT[input.role];

  const subject = subjectLine(`${host} invited you to ${eventName}`);
  const text = [
    `${host} invited you to join "${eventName}" on Gatherly as ${role}.`,
    textRows([
      ['When', when],
      ['Where', location],
    ]),
    `Accept the invitation:\n${input.acceptUrl}`,
    `${NO_ACCOUNT_NEEDED(input.to)} If you were not expecting this invitation, you can ignore this e-mail.`,
  ].join('\n\n');

  const rows: DetailRow[] = [{ label: 'When', value: when }];
  if (location !== '') rows.push({ label: 'Where', value: link(mapUrl(location), location) });
  const html = renderEmail({
    title: subject,
    preheader: `${host} invited you to ${eventName}. ${when}.`,
    heading: "You're invited!",
    body: [
      paragraphOf([`${host} invited you to join `, strong(eventName), ` on Gatherly as ${role}.`]),
      details(rows),
      button(input.acceptUrl, 'Accept invitation'),
      fallbackLink(input.acceptUrl),
      paragraph(NO_ACCOUNT_NEEDED(input.to), 'font-size:14px;color:#6b7280;'),
    ],
    footer: [
      inline([
        `You received this e-mail because ${host} invited ${input.to} to an event on Gatherly. `,
        'If you were not expecting it, you can ignore it.',
      ]),
    ],
  });
  return { subject, text, html };
}
