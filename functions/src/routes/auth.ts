import { API } from '@gatherly/domain/api/endpoints';
import { SIGN_IN_MESSAGES } from '@gatherly/domain/guest-access';
import { db } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import { signIn } from '../services/account.ts';
import { redeemSignInLink, requesterOf, sendSignInLink } from '../services/email-sign-in.ts';

export const authRoutes: Route[] = [
  route(API.login, async ({ caller }) => {
    const user = await db().runTransaction((tx) => signIn(tx, caller));
    return { body: { user: apiShape(user) } };
  }),
  // Public: a sign-in link to any address (the same answer whether it has an account or not).
  route(API.requestSignInLink, async ({ req, body }) => {
    await sendSignInLink({ email: body.email, next: body.next, requester: requesterOf(req) });
    return { status: 202, body: { sent: true, message: SIGN_IN_MESSAGES.sent } };
  }),
  // Public: the e-mailed token, once, for the address it was sent to → Firebase's link.
  route(API.redeemSignInLink, async ({ body }) => ({
    body: await redeemSignInLink(body.token, body.email),
  })),
];
