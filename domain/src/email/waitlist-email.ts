/**
 * The e-mail to a member promoted from an item's waitlist (docs/product.md, "Plus-ones,
 * questions and waitlists"): a spot opened and they are now going. Sent under the member's
 * "event reminders" switch (it is about their own answer to the schedule).
 */
import type { MailMessage } from '../entities/mail.ts';
import { unsubscribeFooter } from './footer.ts';
import { button, details, fallbackLink, paragraphOf, renderEmail, strong } from './html.ts';
import { unsubscribeHeaders } from './links.ts';
import { nameOr, oneLine, subjectLine, textRows } from './text.ts';
import { formatWhen } from './when.ts';

export interface SpotOpenedInput {
  recipientName: string;
  eventName: string;
  itemTitle: string;
  startTime: string;
  endTime: string | null;
  location: string;
  /** The event's zone. */
  timeZone: string;
  /** Heads of the member's party (1 = just them). */
  partySize: number;
  eventUrl: string;
  unsubscribeUrl: string;
}

/** "A spot opened: you're going to Rehearsal dinner (Summer Wedding)". */
export function spotOpenedSubject(itemTitle: string, eventName: string): string {
  return subjectLine(
    `A spot opened: you're going to ${nameOr(itemTitle, 'an item on the schedule')} (${nameOr(eventName, 'your event')})`,
  );
}

export function spotOpenedEmail(input: SpotOpenedInput): MailMessage {
  const eventName = nameOr(input.eventName, 'your event');
  const title = nameOr(input.itemTitle, 'an item on the schedule');
  const hello = `Hi ${nameOr(input.recipientName, 'there')},`;
  const when = formatWhen(input.startTime, input.endTime, input.timeZone);
  const place = oneLine(input.location);
  const party = input.partySize > 1 ? `Your party of ${input.partySize} is` : 'You are';
  const footer = unsubscribeFooter('reminders', eventName, input.unsubscribeUrl);
  const subject = spotOpenedSubject(input.itemTitle, input.eventName);
  const news = `${party} off the waitlist: a spot opened at ${title}, and you are now going.`;
  const text = [
    hello,
    news,
    textRows([
      ['When', when],
      ['Where', place],
    ]),
    `Can't make it after all? Change your answer in Gatherly so the next person gets the spot:\n${input.eventUrl}`,
    footer.text,
  ].join('\n\n');
  const html = renderEmail({
    title: subject,
    preheader: `${title}: ${when}. You are now going.`,
    heading: 'A spot opened',
    body: [
      paragraphOf([hello]),
      paragraphOf([
        `${party} off the waitlist: a spot opened at `,
        strong(title),
        ', and you are now going.',
      ]),
      details([
        { label: 'What', value: title },
        { label: 'When', value: when },
        ...(place ? [{ label: 'Where', value: place }] : []),
      ]),
      paragraphOf([
        "Can't make it after all? Change your answer so the next person gets the spot.",
      ]),
      button(input.eventUrl, 'Open in Gatherly'),
      fallbackLink(input.eventUrl),
    ],
    footer: footer.html,
  });
  return { subject, text, html, headers: unsubscribeHeaders(input.unsubscribeUrl) };
}
