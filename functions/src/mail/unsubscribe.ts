/**
 * One-click unsubscribe (docs/api.md, "E-mail"): `GET /api/unsubscribe?token=…` shows a page with
 * an Unsubscribe button; `POST` to the same address unsubscribes (the button, and mail clients'
 * own Unsubscribe buttons via List-Unsubscribe-Post); `POST …&resubscribe=1` undoes it. No
 * sign-in: the signed token is the authority, for one person and one topic.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { EmailTopic } from '@gatherly/domain/entities';
import { preferencesUrl } from '@gatherly/domain/email/links';
import {
  unsubscribePage,
  type UnsubscribePageState,
} from '@gatherly/domain/email/unsubscribe-page';
import { db } from '../firebase.ts';
import type { Reply } from '../http.ts';
import type { PublicCtx, Route } from '../router.ts';
import { mailData } from './data.ts';
import { EMAIL_LINK_SECRET } from './params.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

const NOT_FOUND = 5;

/** Turns a topic off (or on again) for a person; a deleted account has nothing to change. */
export async function setEmailPreference(
  firestore: Firestore,
  uid: string,
  topic: EmailTopic,
  wanted: boolean,
): Promise<void> {
  try {
    await mailData(firestore)
      .user(uid)
      .update({ [`emailPreferences.${topic}`]: wanted });
  } catch (err) {
    if ((err as { code?: unknown }).code !== NOT_FOUND) throw err;
  }
}

function query(ctx: PublicCtx): URLSearchParams {
  return new URL(ctx.req.url ?? '/', 'http://localhost').searchParams;
}

const STATUS: Record<UnsubscribePageState, number> = {
  confirm: 200,
  unsubscribed: 200,
  resubscribed: 200,
  expired: 410,
  invalid: 400,
};

function page(
  ctx: PublicCtx,
  state: UnsubscribePageState,
  topic?: EmailTopic,
  formAction?: string,
): Reply {
  const origin = ctx.origin ?? '';
  const { html } = unsubscribePage({
    state,
    ...(topic ? { topic } : {}),
    ...(formAction ? { formAction } : {}),
    preferencesUrl: preferencesUrl(origin),
  });
  return { status: STATUS[state], html };
}

/** The form posts back to this same path; only the query changes. */
const actionFor = (token: string, resubscribe: boolean) =>
  `?token=${encodeURIComponent(token)}${resubscribe ? '&resubscribe=1' : ''}`;

async function handle(ctx: PublicCtx, method: 'GET' | 'POST'): Promise<Reply> {
  const params = query(ctx);
  const token = params.get('token') ?? '';
  const check = verifyUnsubscribeToken(EMAIL_LINK_SECRET.value(), token);
  if (!check.ok) return page(ctx, check.reason);
  const { uid, topic } = check.claims;
  if (method === 'GET') return page(ctx, 'confirm', topic, actionFor(token, false));
  const resubscribe = params.get('resubscribe') === '1';
  await setEmailPreference(db(), uid, topic, resubscribe);
  return resubscribe
    ? page(ctx, 'resubscribed', topic)
    : page(ctx, 'unsubscribed', topic, actionFor(token, true));
}

export const unsubscribeRoutes: Route[] = [
  { method: 'GET', pattern: '/unsubscribe', isPublic: true, handle: (ctx) => handle(ctx, 'GET') },
  { method: 'POST', pattern: '/unsubscribe', isPublic: true, handle: (ctx) => handle(ctx, 'POST') },
];
