/**
 * One-click unsubscribe (docs/api.md, "E-mail unsubscribe"): the signed token in the link is the
 * authority, for one person and one topic, with no sign-in. Opening the link changes nothing
 * (link scanners fetch links); posting it turns the topic off, and posting with `resubscribe`
 * turns it on again.
 */
import { FieldPath } from 'firebase-admin/firestore';
import type { EmailTopic } from '@gatherly/domain/entities/users';
import type { UnsubscribePageState } from '@gatherly/domain/email/unsubscribe-page';
import { store } from '../firebase.ts';
import { EMAIL_LINK_SECRET } from '../mail/params.ts';
import { verifyUnsubscribeToken } from '../mail/unsubscribe-token.ts';

const NOT_FOUND = 5;

/** Turns a topic off (or on again) for a person; a deleted account has nothing to change. */
export async function setEmailPreference(
  uid: string,
  topic: EmailTopic,
  wanted: boolean,
): Promise<void> {
  try {
    await store().user(uid).update(new FieldPath('emailPreferences', topic), wanted);
  } catch (err) {
    if ((err as { code?: unknown }).code !== NOT_FOUND) throw err;
  }
}

/** What the person asked for: to see the page, to unsubscribe, or to undo it. */
export type UnsubscribeAction = 'confirm' | 'unsubscribe' | 'resubscribe';

export interface UnsubscribeOutcome {
  state: UnsubscribePageState;
  /** Known for a valid token. */
  topic?: EmailTopic;
}

/** Checks the token and carries out the action; a bad or expired token changes nothing. */
export async function unsubscribe(
  token: string,
  action: UnsubscribeAction,
): Promise<UnsubscribeOutcome> {
  const check = verifyUnsubscribeToken(EMAIL_LINK_SECRET.value(), token);
  if (!check.ok) return { state: check.reason };
  const { uid, topic } = check.claims;
  if (action === 'confirm') return { state: 'confirm', topic };
  const resubscribe = action === 'resubscribe';
  await setEmailPreference(uid, topic, resubscribe);
  return { state: resubscribe ? 'resubscribed' : 'unsubscribed', topic };
}
