import type { LoginResponse } from '@gatherly/domain/entities';
import { SIGN_IN_MESSAGES, type EmailLinkRedeemResponse } from '@gatherly/domain/guest-access';
import {
  emailLinkRedeemSchema,
  emailLinkRequestSchema,
} from '@gatherly/domain/guest-access-schemas';
import { db } from '../firebase.ts';
import { publicRoute, route, type Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import { signIn } from '../services/account.ts';
import { redeemSignInLink, requesterOf, sendSignInLink } from '../services/email-sign-in.ts';
import { validateBody } from '../validate.ts';

export const authRoutes: Route[] = [
  route({
    method: 'POST',
    pattern: '/auth/login',
    access: 'app',
    async handle({ caller }) {
      const user = await db().runTransaction((tx) => signIn(tx, caller));
      const body: LoginResponse = { user: apiShape(user) };
      return { body };
    },
  }),
  // Public: a sign-in link to any address (the same answer whether it has an account or not).
  publicRoute({
    method: 'POST',
    pattern: '/auth/email-link',
    async handle({ req, body }) {
      const input = validateBody(emailLinkRequestSchema, body);
      await sendSignInLink({ email: input.email, next: input.next, requester: requesterOf(req) });
      return { status: 202, body: { sent: true, message: SIGN_IN_MESSAGES.sent } };
    },
  }),
  // Public: the e-mailed token, once, for the address it was sent to → Firebase's link.
  publicRoute({
    method: 'POST',
    pattern: '/auth/email-link/redeem',
    async handle({ body }) {
      const input = validateBody(emailLinkRedeemSchema, body);
      const answer: EmailLinkRedeemResponse = await redeemSignInLink(input.token, input.email);
      return { body: answer };
    },
  }),
];
