/** The small print of e-mails a person can turn off: why they got it and a one-click way out. */
import type { EmailTopic } from '../entities/users.ts';
import { inline, link, type Html } from './html.ts';
import { EMAIL_TOPIC_LABELS } from './preferences.ts';

export interface UnsubscribeFooter {
  html: Html[];
  text: string;
}

export function unsubscribeFooter(
  topic: EmailTopic,
  eventName: string,
  unsubscribeUrl: string,
): UnsubscribeFooter {
  const label = EMAIL_TOPIC_LABELS[topic];
  const why = `You get ${label} because you are a member of ${eventName} on Gatherly.`;
  return {
    html: [inline([`${why} `, link(unsubscribeUrl, `Unsubscribe from ${label}`, '#4b5563'), '.'])],
    text: `${why}\nUnsubscribe from ${label}: ${unsubscribeUrl}`,
  };
}
