// Request schemas of the ways in (guest-access.ts holds their rules and messages).
import * as yup from 'yup';
import { MAX_DISPLAY_NAME, SIGN_IN_MESSAGES, safeNextPath } from './guest-access.ts';
import { emailAddressField } from './schemas.ts';

/** POST /api/auth/email-link: send a sign-in link to an address. */
export const emailLinkRequestSchema = yup.object({
  email: emailAddressField(),
  next: yup.string().default('/').transform(safeNextPath),
});
export type EmailLinkRequest = yup.InferType<typeof emailLinkRequestSchema>;

const LINK_TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

/** POST /api/auth/email-link/redeem: the link's token and the address it should be for. */
export const emailLinkRedeemSchema = yup.object({
  token: yup
    .string()
    .required(SIGN_IN_MESSAGES.invalid)
    .matches(LINK_TOKEN, SIGN_IN_MESSAGES.invalid),
  email: emailAddressField(),
});
export type EmailLinkRedeemRequest = yup.InferType<typeof emailLinkRedeemSchema>;

/**
 * POST /api/invitations/{token}/accept: optionally the name to go by, for a guest whose account
 * (an e-mail link) came without one.
 */
export const acceptInvitationSchema = yup.object({
  displayName: yup
    .string()
    .trim()
    .max(MAX_DISPLAY_NAME, `Your name can be at most ${MAX_DISPLAY_NAME} characters`)
    .default(''),
});
export type AcceptInvitationValues = yup.InferType<typeof acceptInvitationSchema>;

/** PUT /api/events/{e}/join-link. */
export const joinLinkUpdateSchema = yup.object({
  enabled: yup.boolean().required('Say whether the event link is on'),
  askBeforeJoin: yup.boolean().default(false),
});
export type JoinLinkUpdate = yup.InferType<typeof joinLinkUpdateSchema>;
