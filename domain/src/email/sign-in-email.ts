/** The sign-in e-mail (POST /api/auth/email-link and an invitation's "E-mail me a link"). */
import type { MailMessage } from '../entities/mail.ts';
import { SIGN_IN_LINK_TTL_MINUTES } from '../guest-access.ts';
import {
  button,
  fallbackLink,
  inline,
  paragraph,
  paragraphOf,
  renderEmail,
  strong,
} from './html.ts';
import { nameOr, subjectLine } from './text.ts';

export interface SignInEmailInput {
  to: string;
  signInUrl: string;
  /** The event the link leads to (an invitation or event link), when there is one. */
  eventName?: string;
}

/**
 * A link that signs the reader in, once, within the hour. No unsubscribe link: it is sent only
 * when someone asks for it (docs/decisions.md, "E-mail link sign-in").
 */
export function signInEmail(input: SignInEmailInput): MailMessage {
  const eventName = input.eventName ? nameOr(input.eventName, '') : '';
  const subject = subjectLine(
    eventName ? `Sign in to Gatherly for ${eventName}` : 'Sign in to Gatherly',
  );
  const validity = `The link works once, within ${SIGN_IN_LINK_TTL_MINUTES} minutes.`;
  const ignore = `If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without this link.`;
  const text = [
    `Sign in to Gatherly as ${input.to}${eventName ? ` to see ${eventName}` : ''}:`,
    input.signInUrl,
    `${validity} Do not forward this e-mail: the link signs in whoever opens it.`,
    ignore,
  ].join('\n\n');
  const html = renderEmail({
    title: subject,
    preheader: `Your sign-in link for Gatherly. ${validity}`,
    heading: 'Sign in to Gatherly',
    body: [
      paragraphOf(
        eventName
          ? [
              'Tap the button to sign in as ',
              strong(input.to),
              ' and open ',
              strong(eventName),
              '.',
            ]
          : ['Tap the button to sign in as ', strong(input.to), '.'],
      ),
      button(input.signInUrl, 'Sign in'),
      fallbackLink(input.signInUrl),
      paragraph(
        `${validity} Do not forward this e-mail: the link signs in whoever opens it.`,
        'font-size:14px;color:#6b7280;',
      ),
    ],
    footer: [inline([ignore])],
  });
  return { subject, text, html };
}
