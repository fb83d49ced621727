import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Heading,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatDateRange, wholeDays } from '@gatherly/domain/dates';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { ZonedTime } from '../../components/ZonedTime.tsx';
import type { InvitationPublicView, UsedInvitationView } from '@gatherly/domain/entities/members';
import { invitationRoleLabel } from '@gatherly/domain/roles';
import { showToast } from '../../lib/toast-store.ts';
import { errorMessage } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { LinkSentNotice } from '../../components/LinkSentNotice.tsx';
import { requestInvitationSignInLink } from '../../lib/email-link.ts';
import { describeError } from '../../lib/errors.ts';
import { acceptInvitation, emailsMatch, isGoogleAddress, useInvitation } from './data.ts';
import { SparklesIcon } from '../../components/first-screen-icons.tsx';
import { eventHref, PATHS, useRouteParams, welcomeHref } from '../../lib/paths.ts';

/** How a "sign in and accept" popup ended once the session settled. */
type SignInOutcome = 'invited-account' | 'other-account' | 'signed-out';

/** After accepting, the welcome message shows this long before the event opens. */
export const ACCEPT_REDIRECT_MS = 2000;

// Forms the first screen (signed out, pending invitation) never shows load with their fields
// when shown (docs/performance.md, "First screens").
const NameField = lazy(() => import('./NameField.tsx'));
const EmailLinkSignIn = lazy(() =>
  import('../../components/EmailLinkSignIn.tsx').then((m) => ({ default: m.EmailLinkSignIn })),
);

/** docs/product.md, "Invitations". */
export default function InvitationPage() {
  const { token } = useRouteParams(PATHS.invite);
  return (
    <Center minH="100dvh" p="4" bg="bg.subtle">
      <Box width="full" maxW="lg">
        {token ? (
          <InvitationForToken token={token} />
        ) : (
          <Message title="Invalid Invitation" text="This invitation link is invalid." />
        )}
      </Box>
    </Center>
  );
}

function Message({ title, text, loading }: { title: string; text?: string; loading?: boolean }) {
  return (
    <Card.Root>
      <Card.Body>
        <Stack align="center" textAlign="center" gap="3" py="6">
          {loading && <Spinner size="lg" />}
          <Heading size="xl">{title}</Heading>
          {text && <Text color="fg.muted">{text}</Text>}
          {!loading && (
            <Button variant="outline" asChild>
              <Link to={PATHS.home}>Go Home</Link>
            </Button>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function InvitationForToken({ token }: { token: string }) {
  const load = useInvitation(token, useSession().user?.uid ?? null);
  if (load.state === 'loading') return <Message title="Loading Invitation..." loading />;
  if (load.state === 'not-found')
    return (
      <Message
        title="Invitation Not Found"
        text="This invitation link has expired or is no longer valid."
      />
    );
  if (load.state === 'error')
    return <Message title="Invitation Error" text="Unable to load invitation details." />;
  if (load.invitation.status === 'accepted') return <UsedInvitation invitation={load.invitation} />;
  return <InvitationCard token={token} invitation={load.invitation} />;
}

/**
 * An invitation already accepted. A member of the event (the invitee, or anyone in it) can open
 * it; anyone else is told only that it was used: an old link reveals nothing of the event.
 */
function UsedInvitation({ invitation }: { invitation: UsedInvitationView }) {
  const session = useSession();
  const signedIn = session.status === 'signed-in' && session.user !== null;
  const eventLink = invitation.eventId ? eventHref(invitation.eventId) : null;
  return (
    <Card.Root data-testid="invitation-used">
      <Card.Body>
        <Stack align="center" textAlign="center" gap="3" py="6">
          <SparklesIcon boxSize="10" color="brand.solid" />
          {eventLink ? (
            <>
              <Heading size="xl">You&apos;ve already joined {invitation.eventName}</Heading>
              <Text color="fg.muted">You are a member of this event.</Text>
              <Button colorPalette="brand" size="lg" asChild>
                <Link to={eventLink}>Open Event</Link>
              </Button>
            </>
          ) : (
            <>
              <Heading size="xl">Invitation Already Used</Heading>
              <Text color="fg.muted">
                This invitation has already been accepted.
                {signedIn
                  ? ' Ask the organiser for a new invitation if you need one.'
                  : ' If it was yours, sign in to open the event.'}
              </Text>
              {!signedIn && (
                <Stack gap="3" width="full" maxW="sm">
                  <Button
                    colorPalette="brand"
                    loading={session.signingIn || session.status === 'loading'}
                    loadingText="Signing in..."
                    onClick={() => void session.signIn()}
                    onPointerDown={session.prepareSignIn}
                    onFocus={session.prepareSignIn}
                  >
                    Sign In with Google
                  </Button>
                  <Suspense fallback={null}>
                    <EmailLinkSignIn
                      next={window.location.pathname}
                      label="Or get a sign-in link by e-mail"
                    />
                  </Suspense>
                </Stack>
              )}
              <Button variant="outline" asChild>
                <Link to="/">Go Home</Link>
              </Button>
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted">
        {label}
      </Text>
      <Text>{children}</Text>
    </Box>
  );
}

function InvitationCard({
  token,
  invitation,
}: {
  token: string;
  invitation: InvitationPublicView;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const [accepting, setAccepting] = useState(false);
  const [welcome, setWelcome] = useState<string | null>(null);
  // Set while a "sign in and accept" click waits for the session to settle (see below).
  const settled = useRef<((outcome: SignInOutcome) => void) | null>(null);
  // Bumped when a sign-in attempt returns, so a cancelled popup is noticed even if nothing else changed.
  const [signInReturns, setSignInReturns] = useState(0);
  const signedIn = session.status === 'signed-in' && session.user !== null;
  const matches = signedIn && emailsMatch(session.user?.email, invitation.email);
  // The dates as the event's own calendar shows them (UTC until its admins confirm a zone).
  const zone = eventTimeZone({ timeZone: invitation.eventTimeZone });

  // A guest signed in by e-mail link has no name yet (the session shows their address).
  const needsName = signedIn && matches && session.user?.displayName === session.user?.email;
  const [name, setName] = useState('');
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const [sendingLink, setSendingLink] = useState(false);

  const accept = useCallback(async () => {
    setAccepting(true);
    try {
      const { event } = await acceptInvitation(token, name);
      if (needsName) session.renamed(name.trim());
      showToast({
        title: 'Invitation Accepted',
        description: `You have joined ${event.name}.`,
        status: 'success',
      });
      setWelcome(`Welcome to ${event.name}! Taking you to the event...`);
      // The event opens on its main schedule item with the RSVP step ready (docs/product.md,
      // "Invitations"); navigate() never rejects (docs/web.md, "Promises and effects").
      setTimeout(() => void navigate(welcomeHref(event.id)), ACCEPT_REDIRECT_MS);
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorMessage(err, 'Failed to accept invitation. Please try again.'),
        status: 'error',
      });
      setAccepting(false);
    }
  }, [token, name, needsName, session, navigate]);

  // signIn() returns when the popup closes, but the session settles later (the backend login):
  // this tells the waiting click how it settled, and the click goes on to accept.
  useEffect(() => {
    const resolve = settled.current;
    if (!resolve || session.status === 'loading' || session.signingIn) return;
    settled.current = null;
    resolve(!signedIn ? 'signed-out' : matches ? 'invited-account' : 'other-account');
  }, [session.status, session.signingIn, signedIn, matches, signInReturns]);

  // "Sign in and accept": once the popup sign-in lands with the invited address, accept.
  const signInAndAccept = async () => {
    const outcome = new Promise<SignInOutcome>((resolve) => {
      settled.current = resolve;
    });
    await session.signIn();
    setSignInReturns((n) => n + 1);
    switch (await outcome) {
      case 'signed-out':
        showToast({
          title: 'Sign In Required',
          description: 'Please sign in to accept this invitation.',
          status: 'error',
        });
        break;
      case 'invited-account':
        await accept();
        break;
      case 'other-account':
        // The card shows the mismatch and offers another account.
        break;
    }
  };

  const switchAccount = async () => {
    await session.signOut();
    await signInAndAccept();
  };

  // The link goes to the invited address, never one typed here: a forwarded invitation signs
  // nobody in as the invitee (docs/decisions.md, "E-mail link sign-in").
  const emailMeALink = async () => {
    setSendingLink(true);
    try {
      if (signedIn) await session.signOut();
      await requestInvitationSignInLink(token, invitation.email);
      setLinkSentTo(invitation.email);
    } catch (err) {
      showToast({
        title: 'Error',
        description: describeError(err, 'Could not send the sign-in link. Please try again.'),
        status: 'error',
      });
    } finally {
      setSendingLink(false);
    }
  };
  const emailLinkButton = (primary: boolean) => (
    <Button
      colorPalette={primary ? 'brand' : undefined}
      variant={primary ? 'solid' : 'outline'}
      size={primary ? 'lg' : 'md'}
      loading={sendingLink}
      loadingText="Sending..."
      onClick={() => void emailMeALink()}
    >
      E-mail Me a Sign-In Link
    </Button>
  );
  const googleFirst = isGoogleAddress(invitation.email);
  const googleButton = (
    <Button
      colorPalette={googleFirst ? 'brand' : undefined}
      variant={googleFirst ? 'solid' : 'outline'}
      size={googleFirst ? 'lg' : 'md'}
      loading={session.signingIn || session.status === 'loading' || accepting}
      loadingText="Signing in..."
      onClick={() => void signInAndAccept()}
      onPointerDown={session.prepareSignIn}
      onFocus={session.prepareSignIn}
    >
      Sign In &amp; Accept Invitation
    </Button>
  );

  return (
    <Card.Root>
      <Card.Header textAlign="center">
        <SparklesIcon boxSize="10" color="brand.solid" mx="auto" />
        <Heading size="2xl">You&apos;re Invited!</Heading>
        <Text color="fg.muted">You have been invited to join an event on Gatherly.</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Box>
            <Heading size="lg">{invitation.eventName}</Heading>
            {invitation.eventDescription && (
              <Text color="fg.muted">{invitation.eventDescription}</Text>
            )}
          </Box>
          <Stack gap="3">
            <Detail label="Dates">
              <Text as="span" display="block">
                {formatDateRange(invitation.eventStartDate, invitation.eventEndDate, zone)}
              </Text>
              {invitation.eventStartDate &&
                // Whole days (a picked whole-day poll option) have no start time to show.
                !wholeDays(invitation.eventStartDate, invitation.eventEndDate, zone) && (
                  <Text as="span" display="block" fontSize="sm" color="fg.muted">
                    Starts{' '}
                    <ZonedTime value={invitation.eventStartDate} timeZone={zone} format="time" />
                  </Text>
                )}
            </Detail>
            {invitation.eventLocation && (
              <Detail label="Location">{invitation.eventLocation}</Detail>
            )}
            <Detail label="Invited email">{invitation.email}</Detail>
            <Box>
              <Text fontSize="xs" textTransform="uppercase" letterSpacing="wide" color="fg.muted">
                Role
              </Text>
              <Badge colorPalette={invitation.role === 'admin' ? 'blue' : 'gray'}>
                {invitationRoleLabel(invitation.role)}
              </Badge>
            </Box>
          </Stack>
          {welcome ? (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Title>{welcome}</Alert.Title>
            </Alert.Root>
          ) : linkSentTo ? (
            <LinkSentNotice email={linkSentTo} />
          ) : !signedIn ? (
            <Stack gap="3">
              {googleFirst ? googleButton : emailLinkButton(true)}
              {googleFirst ? emailLinkButton(false) : googleButton}
              <Text fontSize="sm" color="fg.muted" textAlign="center">
                No password or Google account needed: the link goes to {invitation.email}.
              </Text>
            </Stack>
          ) : matches ? (
            // The name field and Accept appear together: nobody accepts before they can give it.
            <Suspense fallback={<Spinner alignSelf="center" />}>
              <Stack gap="3">
                {needsName && <NameField value={name} onChange={setName} />}
                <Button
                  colorPalette="brand"
                  size="lg"
                  loading={accepting}
                  loadingText="Accepting..."
                  onClick={() => void accept()}
                >
                  Accept Invitation
                </Button>
              </Stack>
            </Suspense>
          ) : (
            <Stack gap="3">
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Description>
                  This invitation is for {invitation.email}. Please sign in with the correct email
                  address.
                </Alert.Description>
              </Alert.Root>
              <Button
                variant="outline"
                loading={session.signingIn}
                onClick={() => void switchAccount()}
                onPointerDown={session.prepareSignIn}
                onFocus={session.prepareSignIn}
              >
                Sign In with Different Account
              </Button>
              {emailLinkButton(false)}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
