/**
 * The public first screens a guest opens from an e-mail or a QR code (docs/performance.md,
 * "First screens"): the path each starts with, the module its route renders and, where the
 * screen reads one at once, the API path its data comes from (followed by the rest of the page's
 * path: the token or secret). The built index.html starts downloading the opened screen's
 * chunks, and for a visitor not signed in its data, while it is parsed, alongside the app
 * (vite.config.ts, `preloadApp`), rather than once the app has run and routed.
 * test/first-screens.test.ts keeps the paths equal to PATHS and the API's endpoints.
 */
export const FIRST_SCREENS = [
  {
    prefix: '/invite/',
    module: 'src/features/invitations/InvitationPage.tsx',
    data: '/api/invitations/',
  },
  { prefix: '/join/', module: 'src/features/join/JoinPage.tsx', data: '/api/join/' },
  { prefix: '/signin/link', module: 'src/features/auth/SignInLinkPage.tsx', data: null },
] as const;
