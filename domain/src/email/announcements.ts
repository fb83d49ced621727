/**
 * Announcements (docs/data-model.md, "E-mail"): admins and the creator write a message to every
 * member, or to the members with one answer for a schedule item ("everyone going to the
 * rehearsal dinner"). It is stored in the event's activity and e-mailed to each recipient who
 * has announcements on; the author gets no copy (it is in the feed). Daily limits per event are
 * the event creator's tier's `maxAnnouncementsPerEventPerDay`.
 */
import * as yup from 'yup';
import type { AnnouncementAudience } from '../entities/activity.ts';
import type { MailMessage } from '../entities/mail.ts';
import type { EmailPreferences } from '../entities/users.ts';
import { unsubscribeFooter } from './footer.ts';
import {
  button,
  fallbackLink,
  paragraph,
  paragraphOf,
  quote,
  renderEmail,
  strong,
} from './html.ts';
import { unsubscribeHeaders } from './links.ts';
import { wantsEmail } from './preferences.ts';
import { clip, nameOr, oneLine, subjectLine } from './text.ts';
import { type RsvpStatus, RSVP_STATUSES } from '../rsvp-options.ts';
import { MAX_GROUPS_PER_EVENT, type GuestGroup } from '../groups.ts';

export const ANNOUNCEMENT_MAX_LENGTH = 2000;

export type AnnouncementAnswer = RsvpStatus | 'no_response';
export const ANNOUNCEMENT_ANSWERS: readonly AnnouncementAnswer[] = [
  ...RSVP_STATUSES,
  'no_response',
];

export const ANNOUNCEMENT_MESSAGES = {
  messageRequired: 'Write a message',
  messageTooLong: `Messages can be at most ${ANNOUNCEMENT_MAX_LENGTH} characters`,
  itemRequired: 'Choose a schedule item',
  answerRequired: 'Choose who gets it: Going, Maybe, Not Going or No answer yet',
  itemNotFound: 'Schedule item not found',
  noRecipients: 'Nobody matches this audience yet',
  groupsRequired: 'Choose at least one guest group.',
  tooManyGroups: `Choose at most ${MAX_GROUPS_PER_EVENT} guest groups.`,
  unknownGroups: 'One of the chosen groups does not exist (any more).',
} as const;

const noGroups = (v: unknown) => v === undefined;

/** POST /api/events/{id}/announcements, and the composer's form. */
export const announcementRequestSchema = yup.object({
  message: yup
    .string()
    .trim()
    .required(ANNOUNCEMENT_MESSAGES.messageRequired)
    .max(ANNOUNCEMENT_MAX_LENGTH, ANNOUNCEMENT_MESSAGES.messageTooLong),
  // null = everyone; `{ scheduleId, status }` = an answer for an item; `{ groupIds }` = the
  // members of those guest groups (then the item fields are not asked for).
  audience: yup
    .object({
      groupIds: yup
        .array(yup.string().trim().required(ANNOUNCEMENT_MESSAGES.unknownGroups).max(200))
        .min(1, ANNOUNCEMENT_MESSAGES.groupsRequired)
        .max(MAX_GROUPS_PER_EVENT, ANNOUNCEMENT_MESSAGES.tooManyGroups)
        .default(undefined),
      scheduleId: yup
        .string()
        .trim()
        .max(200, ANNOUNCEMENT_MESSAGES.itemNotFound)
        .when('groupIds', {
          is: noGroups,
          then: (s) => s.required(ANNOUNCEMENT_MESSAGES.itemRequired),
        }),
      status: yup
        .string<AnnouncementAnswer>()
        .oneOf(ANNOUNCEMENT_ANSWERS, ANNOUNCEMENT_MESSAGES.answerRequired)
        .when('groupIds', {
          is: noGroups,
          then: (s) => s.required(ANNOUNCEMENT_MESSAGES.answerRequired),
        }),
    })
    .nullable()
    .default(null),
});
export type AnnouncementRequestValues = yup.InferType<typeof announcementRequestSchema>;

export function audienceOf(values: AnnouncementRequestValues): AnnouncementAudience {
  const a = values.audience;
  if (!a) return { kind: 'all' };
  if (a.groupIds) return { kind: 'groups', groupIds: [...new Set(a.groupIds)].sort() };
  // The schema requires both when no groups are named.
  return { kind: 'rsvp', scheduleId: a.scheduleId ?? '', status: a.status ?? 'no_response' };
}

const ANSWER_PHRASES: Readonly<Record<AnnouncementAnswer, string>> = {
  going: 'Going to',
  maybe: 'Maybe for',
  not_going: 'Not going to',
  no_response: 'No answer yet for',
};

/**
 * "Everyone", "Going to Rehearsal dinner", "No answer yet for Brunch"; a group audience: its
 * groups' names as they are when it is sent ("Wedding party, Family"), from `groups`.
 */
export function audienceLabel(
  audience: AnnouncementAudience,
  itemTitle = '',
  groups: ReadonlyArray<Pick<GuestGroup, 'id' | 'name'>> = [],
): string {
  if (audience.kind === 'all') return 'Everyone';
  if (audience.kind === 'groups') {
    return audience.groupIds
      .map((id) => groups.find((g) => g.id === id)?.name ?? 'a guest group')
      .join(', ');
  }
  return `${ANSWER_PHRASES[audience.status]} ${nameOr(itemTitle, 'a schedule item')}`;
}

/** "To: Wedding party": how screens name an announcement's audience. */
export const audienceLine = (label: string) => `To: ${label}`;

export interface AnnouncementMember {
  userId: string;
  email: string;
  displayName: string;
  /** The member's guest groups (a group audience reaches their members only). */
  groupIds?: readonly string[];
}

/**
 * Who gets the e-mail: current members matching the audience (by their answer for the item,
 * `answers` holding each member's; by their groups for a group audience: admins outside the
 * groups keep it in the app only), with an address and announcements on, except the author.
 */
export function announcementRecipients<M extends AnnouncementMember>(
  members: readonly M[],
  audience: AnnouncementAudience,
  answers: ReadonlyMap<string, RsvpStatus>,
  preferences: ReadonlyMap<string, EmailPreferences | undefined>,
  authorId: string,
): M[] {
  return members.filter((m) => {
    if (m.userId === authorId || m.email === '') return false;
    if (!wantsEmail(preferences.get(m.userId), 'announcements')) return false;
    if (audience.kind === 'all') return true;
    if (audience.kind === 'groups') {
      return (m.groupIds ?? []).some((id) => audience.groupIds.includes(id));
    }
    const answer: AnnouncementAnswer = answers.get(m.userId) ?? 'no_response';
    return answer === audience.status;
  });
}

/** The mail document id of one recipient's copy: the same however often the fan-out runs. */
export function announcementMailId(eventId: string, announcementId: string, userId: string) {
  return ['announcement', eventId, announcementId, userId].map(encodeURIComponent).join(':');
}

export interface AnnouncementEmailInput {
  recipientName: string;
  eventName: string;
  authorName: string;
  message: string;
  audienceLabel: string;
  /** A group audience reads "Sent to the members of Wedding party"; absent: by the label. */
  audienceKind?: AnnouncementAudience['kind'];
  eventUrl: string;
  unsubscribeUrl: string;
}

export function announcementEmail(input: AnnouncementEmailInput): MailMessage {
  const eventName = nameOr(input.eventName, 'your event');
  const author = nameOr(input.authorName, 'The hosts');
  const footer = unsubscribeFooter('announcements', eventName, input.unsubscribeUrl);
  const subject = subjectLine(`${eventName}: a message from ${author}`);
  const sentTo =
    input.audienceKind === 'groups'
      ? `Sent to the members of ${input.audienceLabel} in ${eventName}.`
      : input.audienceLabel === 'Everyone'
        ? `Sent to everyone in ${eventName}.`
        : `Sent to members of ${eventName} with this answer: ${input.audienceLabel}.`;
  const text = [
    `${author} wrote to ${eventName}:`,
    input.message,
    sentTo,
    `Open the event in Gatherly:\n${input.eventUrl}`,
    footer.text,
  ].join('\n\n');
  const html = renderEmail({
    title: subject,
    preheader: clip(oneLine(input.message), 110),
    heading: `A message from ${author}`,
    body: [
      paragraphOf([
        `Hi ${nameOr(input.recipientName, 'there')}, ${author} wrote to `,
        strong(eventName),
        ':',
      ]),
      quote(input.message),
      paragraph(sentTo, 'font-size:14px;color:#4b5563;'),
      button(input.eventUrl, 'Open in Gatherly'),
      fallbackLink(input.eventUrl),
    ],
    footer: footer.html,
  });
  return { subject, text, html, headers: unsubscribeHeaders(input.unsubscribeUrl) };
}
