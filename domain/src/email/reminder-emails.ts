/** The reminder e-mails the scheduler sends (which are due: reminders.ts). */
import type { MailMessage } from '../entities/mail.ts';
import { unsubscribeFooter } from './footer.ts';
import {
  button,
  details,
  fallbackLink,
  link,
  paragraphOf,
  renderEmail,
  strong,
  type DetailRow,
  type Html,
} from './html.ts';
import { mapUrl, unsubscribeHeaders } from './links.ts';
import type { ReminderItem } from './reminders.ts';
import { nameOr, oneLine, subjectLine, textRows } from './text.ts';
import { formatDateInZone, formatTimeRangeInZone, formatWhen } from './when.ts';

interface ReminderBase {
  recipientName: string;
  eventName: string;
  /** The event's zone. */
  timeZone: string;
  /** The event in the web app. */
  eventUrl: string;
  unsubscribeUrl: string;
}

function whereRow(location: string): DetailRow[] {
  const place = oneLine(location);
  return place === '' ? [] : [{ label: 'Where', value: link(mapUrl(place), place) }];
}

function whereText(location: string): string {
  const place = oneLine(location);
  return place === '' ? '' : `${place} (map: ${mapUrl(place)})`;
}

/** To a member who has not answered an item yet. */
export function unansweredReminderEmail(input: ReminderBase & { item: ReminderItem }): MailMessage {
  const eventName = nameOr(input.eventName, 'your event');
  const title = nameOr(input.item.title, 'an item on the schedule');
  const hello = `Hi ${nameOr(input.recipientName, 'there')},`;
  const when = formatWhen(input.item.startTime, input.item.endTime, input.timeZone);
  const footer = unsubscribeFooter('reminders', eventName, input.unsubscribeUrl);
  const subject = subjectLine(`Are you coming to ${title}? (${eventName})`);
  const description = input.item.description.trim();

  const text = [
    hello,
    `The hosts of "${eventName}" would like to know whether you will be at ${title}.`,
    textRows([
      ['When', when],
      ['Where', whereText(input.item.location)],
      ['About', description],
    ]),
    `Answer in Gatherly (Going, Maybe or Not Going):\n${input.eventUrl}`,
    footer.text,
  ].join('\n\n');

  const rows: DetailRow[] = [
    { label: 'What', value: title, ...(description ? { note: description } : {}) },
    { label: 'When', value: when },
    ...whereRow(input.item.location),
  ];
  const html = renderEmail({
    title: subject,
    preheader: `${title}: ${when}. Let the hosts know if you are coming.`,
    heading: 'Are you coming?',
    body: [
      paragraphOf([hello]),
      paragraphOf([
        'The hosts of ',
        strong(eventName),
        ` would like to know whether you will be at ${title}.`,
      ]),
      details(rows),
      button(input.eventUrl, 'Answer in Gatherly'),
      fallbackLink(input.eventUrl),
    ],
    footer: footer.html,
  });
  return { subject, text, html, headers: unsubscribeHeaders(input.unsubscribeUrl) };
}

/** On the day: what a member is going to, when and where. */
export function dayOfSummaryEmail(
  input: ReminderBase & { items: readonly ReminderItem[] },
): MailMessage {
  const eventName = nameOr(input.eventName, 'your event');
  const first = input.items[0];
  const day = formatDateInZone(first?.startTime ?? null, input.timeZone);
  const footer = unsubscribeFooter('reminders', eventName, input.unsubscribeUrl);
  const count = input.items.length;
  const subject = subjectLine(
    count === 1 && first
      ? `Today: ${nameOr(first.title, 'your plans')} (${eventName})`
      : `Your plans today at ${eventName}`,
  );
  const intro = `Hi ${nameOr(input.recipientName, 'there')}, here is what you are going to at ${eventName} today, ${day}.`;

  const itemText = input.items
    .map((item) =>
      [
        `* ${nameOr(item.title, 'Untitled')}`,
        textRows([
          ['  When', formatTimeRangeInZone(item.startTime, item.endTime, input.timeZone)],
          ['  Where', whereText(item.location)],
        ]),
      ]
        .filter((s) => s !== '')
        .join('\n'),
    )
    .join('\n\n');
  const text = [
    intro,
    itemText,
    `Open the event in Gatherly:\n${input.eventUrl}`,
    footer.text,
  ].join('\n\n');

  const blocks: Html[] = input.items.map((item) => {
    const description = item.description.trim();
    return details([
      {
        label: formatTimeRangeInZone(item.startTime, item.endTime, input.timeZone),
        value: strong(nameOr(item.title, 'Untitled')),
        ...(description ? { note: description } : {}),
      },
      ...whereRow(item.location),
    ]);
  });
  const html = renderEmail({
    title: subject,
    preheader: `${count === 1 ? '1 thing' : `${count} things`} on your schedule today, ${day}.`,
    heading: `Today at ${eventName}`,
    body: [
      paragraphOf([intro]),
      ...blocks,
      button(input.eventUrl, 'Open in Gatherly'),
      fallbackLink(input.eventUrl),
    ],
    footer: footer.html,
  });
  return { subject, text, html, headers: unsubscribeHeaders(input.unsubscribeUrl) };
}
