import { lazy, Suspense } from 'react';
import { type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '../components/Spinner.tsx';
import { PATHS } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';
import { guarded, page as lazyPage } from './route-elements.tsx';

/*
 * Every screen is a React.lazy element rather than a route `lazy` loader: a loader would fetch a
 * screen's chunk (and the Firestore SDK it pulls in) before the session gate decides, so a
 * signed-out visitor of /events/x would download it just to see the landing page.
 */
const LandingPage = lazy(() => import('../features/landing/LandingPage.tsx'));
const SignedInArea = lazy(() => import('./signed-in-area.tsx'));

const InvitationPage = lazy(() => import('../features/invitations/InvitationPage.tsx'));
const JoinPage = lazy(() => import('../features/join/JoinPage.tsx'));
const SignInLinkPage = lazy(() => import('../features/auth/SignInLinkPage.tsx'));
const LinkWallPage = lazy(() => import('../features/wall/LinkWallPage.tsx'));

/** A public page, the spinner showing while its chunk loads (the page skeleton is the signed-in area's). */
const page = (Component: Parameters<typeof lazyPage>[0]) =>
  lazyPage(Component, <FullPageSpinner />);

/**
 * Signed-out visitors see the landing page on every route but the public ones (an invitation, an
 * event link, a sign-in link; docs/product.md, "Sign-in"); signed in, the signed-in area
 * routes the path itself (app/signed-in-routes.tsx).
 */
export function SessionGate() {
  const { status } = useSession();
  if (status === 'loading') return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {status === 'signed-out' ? <LandingPage /> : <SignedInArea />}
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  // Public pages a guest may open signed out, from an e-mail or a QR code: they talk to the API
  // only, so they load no Firestore SDK (and no Firebase Auth until someone signs in).
  { path: PATHS.invite, element: guarded(page(InvitationPage)) },
  { path: PATHS.join, element: guarded(page(JoinPage)) },
  { path: PATHS.signInLink, element: guarded(page(SignInLinkPage)) },
  // A wall link on a TV: no account, whoever is (or is not) signed in on that browser.
  { path: PATHS.wall, element: guarded(page(LinkWallPage)) },
  { path: '*', element: guarded(<SessionGate />) },
];
