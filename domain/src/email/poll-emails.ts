/**
 * The date poll's e-mails (docs/product.md, "Date polls"): the picked date to every member
 * (with its .ics; topic "announcements", the host's word to everyone) and the reminder to
 * members who have not answered before the deadline (topic "reminders").
 */
import type { MailMessage } from '../entities/mail.ts';
import { ICS_MIME_TYPE } from '../ics.ts';
import { unsubscribeFooter } from './footer.ts';
import {
  button,
  details,
  fallbackLink,
  paragraph,
  paragraphOf,
  renderEmail,
  strong,
} from './html.ts';
import { unsubscribeHeaders } from './links.ts';
import { nameOr, subjectLine, textRows } from './text.ts';

/** Mail ids: one per member and poll, so a retried fan-out queues nothing twice. */
export const pollDateMailId = (eventId: string, pollId: string, uid: string) =>
  `poll-date-${eventId}-${pollId}-${uid}`;
export const pollReminderMailId = (eventId: string, pollId: string, uid: string) =>
  `poll-reminder-${eventId}-${pollId}-${uid}`;

export interface PollDateEmailInput {
  recipientName: string;
  eventName: string;
  /** What was decided: the event itself, or a schedule item's title. */
  subject: string;
  /** The picked option as it reads in the event's zone, with its label. */
  when: string;
  eventUrl: string;
  unsubscribeUrl: string;
  ics: { filename: string; content: string };
}

export function pollDateEmail(input: PollDateEmailInput): MailMessage {
  const eventName = nameOr(input.eventName, 'your event');
  const what = nameOr(input.subject, eventName);
  const footer = unsubscribeFooter('announcements', eventName, input.unsubscribeUrl);
  const subject = subjectLine(`${what}: the date is set`);
  const lead =
    what === eventName
      ? `The hosts picked the date of ${eventName}.`
      : `The hosts picked the date of ${what} (${eventName}).`;
  const text = [
    `Hi ${nameOr(input.recipientName, 'there')},`,
    lead,
    textRows([['When', input.when]]),
    'The attached calendar file adds it to your calendar.',
    `Open the event in Gatherly:\n${input.eventUrl}`,
    footer.text,
  ].join('\n\n');
  const html = renderEmail({
    title: subject,
    preheader: `${what}: ${input.when}`,
    heading: 'The date is set',
    body: [
      paragraphOf([
        `Hi ${nameOr(input.recipientName, 'there')}, the hosts picked the date of `,
        strong(what),
        '.',
      ]),
      details([{ label: 'When', value: input.when }]),
      paragraph(
        'The attached calendar file adds it to your calendar.',
        'font-size:14px;color:#4b5563;',
      ),
      button(input.eventUrl, 'Open in Gatherly'),
      fallbackLink(input.eventUrl),
    ],
    footer: footer.html,
  });
  return {
    subject,
    text,
    html,
    headers: unsubscribeHeaders(input.unsubscribeUrl),
    attachments: [
      { filename: input.ics.filename, content: input.ics.content, contentType: ICS_MIME_TYPE },
    ],
  };
}

export interface PollReminderEmailInput {
  recipientName: string;
  eventName: string;
  subject: string;
  /** The deadline in the event's zone, with its label. */
  deadline: string;
  optionCount: number;
  eventUrl: string;
  unsubscribeUrl: string;
}

export function pollReminderEmail(input: PollReminderEmailInput): MailMessage {
  const eventName = nameOr(input.eventName, 'your event');
  const what = nameOr(input.subject, eventName);
  const footer = unsubscribeFooter('reminders', eventName, input.unsubscribeUrl);
  const subject = subjectLine(`${what}: which dates work for you?`);
  const ask = `The hosts are choosing the date of ${what} from ${input.optionCount} options and have not heard from you yet. Answers close ${input.deadline}.`;
  const text = [
    `Hi ${nameOr(input.recipientName, 'there')},`,
    ask,
    `Answer in Gatherly:\n${input.eventUrl}`,
    footer.text,
  ].join('\n\n');
  const html = renderEmail({
    title: subject,
    preheader: `Answers close ${input.deadline}`,
    heading: 'Which dates work for you?',
    body: [
      paragraph(`Hi ${nameOr(input.recipientName, 'there')},`),
      paragraph(ask),
      button(input.eventUrl, 'Answer the poll'),
      fallbackLink(input.eventUrl),
    ],
    footer: footer.html,
  });
  return { subject, text, html, headers: unsubscribeHeaders(input.unsubscribeUrl) };
}
