import { Box, Button, Card, Center, chakra, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { EmailLinkSignIn } from '../../components/EmailLinkSignIn.tsx';
import { ApiError } from '../../lib/api.ts';
import { openSignInLink, rememberedSignInAddress } from '../../lib/email-link.ts';
import { describeError } from '../../lib/errors.ts';
import { useSession } from '../../lib/session.tsx';

/** Where the page stands: working, asking for the address, or stopped with a sentence. */
type Step =
  | { kind: 'opening' }
  | { kind: 'confirm'; error: string | null }
  | { kind: 'spent'; message: string }
  | { kind: 'failed'; message: string };

const FAILED = 'Could not sign you in with this link. Please try again.';

/**
 * Opens a sign-in link from an e-mail (docs/product.md, "Sign-in"): on the device that asked for
 * it, at once; elsewhere after the guest confirms the address; a used or expired link says so
 * and offers a new one; someone else already signed in is asked before switching.
 */
export default function SignInLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const [remembered] = useState(rememberedSignInAddress);
  const [step, setStep] = useState<Step>(
    remembered ? { kind: 'opening' } : { kind: 'confirm', error: null },
  );
  const [email, setEmail] = useState(remembered ?? '');
  const [switching, setSwitching] = useState(false);
  const started = useRef(false);

  // Called from the effect below while the step is already 'opening'; `retry` for the buttons.
  const open = async (address: string) => {
    try {
      const next = await openSignInLink(token, address);
      void navigate(next, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        setStep({ kind: 'confirm', error: err.message });
      else if (err instanceof ApiError && (err.status === 404 || err.status === 410))
        setStep({ kind: 'spent', message: err.message });
      else setStep({ kind: 'failed', message: describeError(err, FAILED) });
    }
  };

  const retry = (address: string) => {
    setStep({ kind: 'opening' });
    void open(address);
  };

  const signedIn = session.status === 'signed-in' && session.user !== null;
  const sameAccount = signedIn && remembered !== null && session.user?.email === remembered;
  // Opened where it was asked for (or by the person already signed in): go on at once.
  useEffect(() => {
    if (started.current || !token || session.status === 'loading' || !remembered) return;
    if (signedIn && !sameAccount) return;
    started.current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- open() sets state only after the API answers
    void open(remembered);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the session has settled
  }, [session.status, token]);

  if (!token) {
    return (
      <Frame title="This sign-in link is not valid">
        <EmailLinkSignIn next="/" label="Send yourself a new sign-in link" />
      </Frame>
    );
  }
  if (session.status === 'loading') return <Working />;
  if (signedIn && !sameAccount && step.kind !== 'spent' && step.kind !== 'failed') {
    return (
      <Frame title={`You're signed in as ${session.user?.email ?? ''}`}>
        <Text color="fg.muted">
          This link signs in {remembered ?? 'someone'} instead. Sign out first to use it, or keep
          going as you are.
        </Text>
        <Button
          colorPalette="brand"
          loading={switching}
          onClick={() => {
            setSwitching(true);
            void session.signOut().finally(() => setSwitching(false));
          }}
        >
          Sign out and use this link
        </Button>
        <Button variant="outline" onClick={() => void navigate('/', { replace: true })}>
          Continue as {session.user?.displayName || session.user?.email}
        </Button>
      </Frame>
    );
  }
  switch (step.kind) {
    case 'opening':
      return <Working />;
    case 'confirm':
      return (
        <Frame title="Confirm your e-mail address">
          <Text color="fg.muted">
            You opened this link on a different device or browser. Enter the address the e-mail was
            sent to, to sign in.
          </Text>
          <chakra.form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              retry(email);
            }}
          >
            <Stack gap="3" textAlign="start">
              <Field.Root invalid={step.error !== null}>
                <Field.Label>E-mail address</Field.Label>
                <Input
                  type="email"
                  name="email"
                  autoComplete="email"
                  inputMode="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
                {step.error && <Field.ErrorText>{step.error}</Field.ErrorText>}
              </Field.Root>
              <Button type="submit" colorPalette="brand">
                Sign In
              </Button>
            </Stack>
          </chakra.form>
        </Frame>
      );
    case 'spent':
      return (
        <Frame title="This link can't be used">
          <Text color="fg.muted">{step.message}</Text>
          <EmailLinkSignIn next="/" defaultEmail={remembered ?? ''} label="Your e-mail address" />
        </Frame>
      );
    case 'failed':
      return (
        <Frame title="Sign-in didn't work">
          <Text color="fg.muted">{step.message}</Text>
          <Button colorPalette="brand" onClick={() => retry(email)} disabled={!email}>
            Try again
          </Button>
        </Frame>
      );
  }
}

function Working() {
  return (
    <Frame title="Signing you in...">
      <Center>
        <Spinner size="lg" />
      </Center>
    </Frame>
  );
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Center minH="100dvh" p="4" bg="bg.subtle">
      <Box width="full" maxW="md">
        <Card.Root>
          <Card.Body>
            <Stack gap="4" textAlign="center">
              <Heading size="xl">{title}</Heading>
              {children}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Box>
    </Center>
  );
}
