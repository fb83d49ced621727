/**
 * The small page the unsubscribe link opens (GET shows a button, the button POSTs; mail clients'
 * own Unsubscribe buttons POST directly, RFC 8058). A link scanner that fetches the link
 * unsubscribes nobody.
 */
import type { EmailTopic } from '../entities/users.ts';
import { COLORS, escapeHtml, safeHref } from './html.ts';
import { EMAIL_TOPIC_LABELS } from './preferences.ts';

export type UnsubscribePageState =
  'confirm' | 'unsubscribed' | 'resubscribed' | 'expired' | 'invalid';

export interface UnsubscribePageInput {
  state: UnsubscribePageState;
  /** Known for a valid token. */
  topic?: EmailTopic;
  /** The form's target (this page's own address with its token), for confirm and undo. */
  formAction?: string;
  /** Where a signed-in person manages every e-mail setting. */
  preferencesUrl: string;
}

const FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

function form(action: string, label: string, primary: boolean): string {
  const colors = primary
    ? `background:${COLORS.brand};color:#ffffff;border:0;`
    : `background:#ffffff;color:${COLORS.brand};border:1px solid ${COLORS.brand};`;
  return (
    `<form method="post" action="${escapeHtml(action)}" style="margin:24px 0 0;">` +
    `<button type="submit" style="${colors}${FONT}font-size:16px;font-weight:bold;padding:12px 24px;border-radius:6px;cursor:pointer;">${escapeHtml(label)}</button></form>`
  );
}

export function unsubscribePage(input: UnsubscribePageInput): { title: string; html: string } {
  const label = input.topic ? EMAIL_TOPIC_LABELS[input.topic] : 'these e-mails';
  const prefs = `<p style="margin:24px 0 0;font-size:14px;"><a href="${escapeHtml(safeHref(input.preferencesUrl))}" style="color:${COLORS.brand};">Manage all your e-mail settings in Gatherly</a></p>`;
  let title: string;
  let body: string;
  switch (input.state) {
    case 'confirm':
      title = `Unsubscribe from ${label}?`;
      body = `<p>You will no longer get ${escapeHtml(label)} from Gatherly. Invitations and your other e-mail settings stay as they are.</p>${form(input.formAction ?? '', 'Unsubscribe', true)}`;
      break;
    case 'unsubscribed':
      title = 'You are unsubscribed';
      body = `<p>You will no longer get ${escapeHtml(label)} from Gatherly.</p>${form(input.formAction ?? '', 'Subscribe again', false)}${prefs}`;
      break;
    case 'resubscribed':
      title = 'You are subscribed again';
      body = `<p>You will get ${escapeHtml(label)} from Gatherly again.</p>${prefs}`;
      break;
    case 'expired':
      title = 'This link has expired';
      body = `<p>Unsubscribe links work for a year. Sign in to Gatherly to change which e-mails you get.</p>${prefs}`;
      break;
    case 'invalid':
      title = 'This link is not valid';
      body = `<p>It may have been cut off when it was copied. Sign in to Gatherly to change which e-mails you get.</p>${prefs}`;
      break;
  }
  const html =
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Gatherly</title></head>` +
    `<body style="margin:0;background:${COLORS.page};${FONT}color:${COLORS.text};">` +
    `<main style="max-width:480px;margin:48px auto;padding:32px 28px;background:${COLORS.card};border-radius:8px;font-size:16px;line-height:24px;">` +
    `<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:${COLORS.brand};">Gatherly</p>` +
    `<h1 style="margin:0 0 12px;font-size:22px;line-height:30px;">${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return { title, html };
}
