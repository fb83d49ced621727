import { Alert, Box, Button, Card, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatDateRange } from '@gatherly/domain/dates';
import { API } from '@gatherly/domain/api/endpoints';
import type { JoinLinkView } from '@gatherly/domain/guest-access';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { EmailLinkSignIn } from '../../components/EmailLinkSignIn.tsx';
import { SparklesIcon } from '../../components/first-screen-icons.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { ApiError } from '../../lib/api.ts';
import { callApi } from '../../lib/api-client.ts';
import { describeError } from '../../lib/errors.ts';
import {
  eventHref,
  PATHS,
  THEN_PARAM,
  uploadHref,
  useRouteParams,
  welcomeHref,
} from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'gone'; message: string }
  | { state: 'error' }
  | { state: 'ready'; link: JoinLinkView };

/** After joining, the welcome shows this long before the event opens (as for invitations). */
const JOIN_REDIRECT_MS = 2000;

/** The event link's view, again whenever the signed-in person changes or `refresh` is bumped. */
function useJoinLink(secret: string, uid: string | null, refresh: number): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    callApi(API.joinLinkView, { params: { secret } }).then(
      (res) => live && setLoad({ state: 'ready', link: res.link }),
      (err: unknown) => {
        if (!live) return;
        console.error('Event link lookup failed', err);
        setLoad(
          err instanceof ApiError && err.status === 404
            ? { state: 'gone', message: err.message }
            : { state: 'error' },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [secret, uid, refresh]);
  return load;
}

/** docs/product.md, "Event link": join an event (or ask to) by holding its link. */
export default function JoinPage() {
  const { secret } = useRouteParams(PATHS.join);
  const session = useSession();
  const [refresh, setRefresh] = useState(0);
  const load = useJoinLink(secret, session.user?.uid ?? null, refresh);
  return (
    <Center minH="100dvh" p="4" bg="bg.subtle">
      <Box width="full" maxW="lg">
        <Card.Root>
          <Card.Body>
            {load.state === 'loading' ? (
              <Stack align="center" gap="3" py="6">
                <Spinner size="lg" />
                <Heading size="xl">Loading Event...</Heading>
              </Stack>
            ) : load.state === 'ready' ? (
              <JoinCard
                secret={secret}
                link={load.link}
                onChanged={() => setRefresh((n) => n + 1)}
              />
            ) : (
              <Stack align="center" textAlign="center" gap="3" py="6">
                <Heading size="xl">
                  {load.state === 'gone' ? 'Event Link Not Valid' : 'Something Went Wrong'}
                </Heading>
                <Text color="fg.muted">
                  {load.state === 'gone'
                    ? load.message
                    : 'Unable to load this event link. Please try again.'}
                </Text>
                <Button variant="outline" asChild>
                  <Link to={PATHS.home}>Go Home</Link>
                </Button>
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
      </Box>
    </Center>
  );
}

function JoinCard({
  secret,
  link,
  onChanged,
}: {
  secret: string;
  link: JoinLinkView;
  onChanged(): void;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const [joining, setJoining] = useState(false);
  const [welcome, setWelcome] = useState<string | null>(null);
  const signedIn = session.status === 'signed-in' && session.user !== null;
  // From the photo wall's QR code: once in, straight to the upload sheet (docs/product.md,
  // "Photo wall", "Scan to upload").
  const [query] = useSearchParams();
  const toUpload = query.get(THEN_PARAM) === 'upload';
  const zone = eventTimeZone({ timeZone: link.eventTimeZone });

  const join = useCallback(async () => {
    setJoining(true);
    try {
      const answer = await callApi(API.joinByLink, { params: { secret } });
      if (answer.status === 'joined') {
        setWelcome(`Welcome to ${answer.event.name}! Taking you to the event...`);
        const next = toUpload ? uploadHref(answer.event.id) : welcomeHref(answer.event.id);
        setTimeout(() => void navigate(next), JOIN_REDIRECT_MS);
        return;
      }
      onChanged();
    } catch (err) {
      showToast({
        title: 'Error',
        description: describeError(err, 'Failed to join the event. Please try again.'),
        status: 'error',
      });
    }
    setJoining(false);
  }, [secret, navigate, onChanged, toUpload]);

  return (
    <Stack gap="4">
      <Stack align="center" textAlign="center" gap="2">
        <SparklesIcon boxSize="10" color="brand.solid" />
        <Heading size="2xl">{link.eventName}</Heading>
        <Text color="fg.muted">
          {formatDateRange(link.eventStartDate, link.eventEndDate, zone)}
        </Text>
        {link.eventLocation && <Text color="fg.muted">{link.eventLocation}</Text>}
      </Stack>
      {welcome ? (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{welcome}</Alert.Title>
        </Alert.Root>
      ) : link.standing === 'member' && link.eventId ? (
        <Stack gap="3" align="center">
          <Text>You are a member of this event.</Text>
          <Button colorPalette="brand" size="lg" asChild>
            {toUpload ? (
              <Link to={uploadHref(link.eventId)}>Share Your Photos</Link>
            ) : (
              <Link to={eventHref(link.eventId)}>Open Event</Link>
            )}
          </Button>
        </Stack>
      ) : link.standing === 'declined' ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            The organisers didn&apos;t approve your request to join this event.
          </Alert.Description>
        </Alert.Root>
      ) : link.standing === 'requested' ? (
        <Stack gap="3">
          <Alert.Root status="info" data-testid="join-requested">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Request sent</Alert.Title>
              <Alert.Description>
                An organiser will let you in. Once they do, the event appears in your events.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Button variant="outline" onClick={onChanged}>
            Check Again
          </Button>
        </Stack>
      ) : !signedIn ? (
        <Stack gap="3">
          <Text textAlign="center">
            {link.askBeforeJoin
              ? 'Sign in to ask the organisers to let you join.'
              : 'Sign in to join this event.'}
          </Text>
          <Button
            colorPalette="brand"
            size="lg"
            loading={session.signingIn || session.status === 'loading'}
            loadingText="Signing in..."
            onClick={() => void session.signIn()}
            onPointerDown={session.prepareSignIn}
            onFocus={session.prepareSignIn}
          >
            Sign In with Google
          </Button>
          <EmailLinkSignIn
            next={window.location.pathname + window.location.search}
            label="Or get a sign-in link by e-mail"
          />
        </Stack>
      ) : (
        <Stack gap="2">
          <Button
            colorPalette="brand"
            size="lg"
            loading={joining}
            loadingText={link.askBeforeJoin ? 'Asking...' : 'Joining...'}
            onClick={() => void join()}
          >
            {link.askBeforeJoin ? 'Ask to Join' : 'Join Event'}
          </Button>
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            {link.askBeforeJoin
              ? `The organisers approve new members. You're signed in as ${session.user?.email ?? ''}.`
              : `You'll join as a guest, signed in as ${session.user?.email ?? ''}.`}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
