/** localStorage keys (docs/web.md, client-side storage). */
export const CURRENT_EVENT_STORAGE_KEY = 'currentEventId';
export const THEME_STORAGE_KEY = 'theme';
/** The address this device asked a sign-in link for (lib/email-link.ts). */
export const SIGN_IN_ADDRESS_KEY = 'signInAddress';
/** A Google credential waiting to be linked to the same address's account (lib/email-link.ts). */
export const PENDING_GOOGLE_LINK_KEY = 'pendingGoogleLink';
