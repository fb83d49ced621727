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
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatDateRange } from '@gatherly/domain/dates';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { ZonedTime } from '../../components/ZonedTime.tsx';
import type { InvitationPublicView } from '@gatherly/domain/entities';
import { invitationRoleLabel } from '@gatherly/domain/roles';
import { showToast } from '../../components/toaster.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { acceptInvitation, emailsMatch, useInvitation } from './data.ts';
import { SparklesIcon } from '../../components/icons.tsx';
import { eventHref, PATHS, useRouteParams } from '../../lib/paths.ts';

/** How a "sign in and accept" popup ended once the session settled. */
type SignInOutcome = 'invited-account' | 'other-account' | 'signed-out';

/** After accepting, the welcome message shows this long before the event opens. */
export const ACCEPT_REDIRECT_MS = 2000;

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
 * An invitation already accepted: the person who accepted it can open the event; anyone else is
 * told it was used (a signed-out invitee can sign in to get to the event).
 */
function UsedInvitation({ invitation }: { invitation: InvitationPublicView }) {
  const session = useSession();
  const signedIn = session.status === 'signed-in' && session.user !== null;
  const joined = signedIn && emailsMatch(session.user?.email, invitation.email);
  const eventLink = invitation.eventId ? `/events/${invitation.eventId}` : null;
  return (
    <Card.Root data-testid="invitation-used">
      <Card.Body>
        <Stack align="center" textAlign="center" gap="3" py="6">
          <SparklesIcon boxSize="10" color="brand.solid" />
          {joined && eventLink ? (
            <>
              <Heading size="xl">You&apos;ve already joined {invitation.eventName}</Heading>
              <Text color="fg.muted">This invitation was accepted with your account.</Text>
              <Button colorPalette="brand" size="lg" asChild>
                <Link to={eventLink}>Open Event</Link>
              </Button>
            </>
          ) : (
            <>
              <Heading size="xl">Invitation Already Used</Heading>
              <Text color="fg.muted">
                This invitation to {invitation.eventName} has already been accepted.
                {signedIn
                  ? ' Ask the organiser for a new invitation if you need one.'
                  : ' If it was yours, sign in to open the event.'}
              </Text>
              {eventLink && (
                <Button colorPalette="brand" asChild>
                  <Link to={eventLink}>Open Event</Link>
                </Button>
              )}
              {!signedIn && (
                <Button
                  colorPalette="brand"
                  loading={session.signingIn || session.status === 'loading'}
                  loadingText="Signing in..."
                  onClick={() => void session.signIn()}
                >
                  Sign In
                </Button>
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

  const accept = useCallback(async () => {
    setAccepting(true);
    try {
      const { event } = await acceptInvitation(token);
      showToast({
        title: 'Invitation Accepted',
        description: `You have joined ${event.name}.`,
        status: 'success',
      });
      setWelcome(`Welcome to ${event.name}! Taking you to the event...`);
      // navigate() never rejects (docs/web.md, "Promises and effects").
      setTimeout(() => void navigate(eventHref(event.id)), ACCEPT_REDIRECT_MS);
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorMessage(err, 'Failed to accept invitation. Please try again.'),
        status: 'error',
      });
      setAccepting(false);
    }
  }, [token, navigate]);

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
              {invitation.eventStartDate && (
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
          ) : !signedIn ? (
            <Button
              colorPalette="brand"
              size="lg"
              loading={session.signingIn || session.status === 'loading' || accepting}
              loadingText="Signing in..."
              onClick={() => void signInAndAccept()}
            >
              Sign In &amp; Accept Invitation
            </Button>
          ) : matches ? (
            <Button
              colorPalette="brand"
              size="lg"
              loading={accepting}
              loadingText="Accepting..."
              onClick={() => void accept()}
            >
              Accept Invitation
            </Button>
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
              >
                Sign In with Different Account
              </Button>
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
