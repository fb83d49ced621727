import { Alert, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { describeError } from '../lib/errors.ts';
import { requestSignInLink } from '../lib/email-link.ts';
import { Field } from './chakra/Field.ts';
import { Input } from './chakra/Input.ts';

const INVALID_EMAIL = 'Please enter a valid email address';
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** "Check your inbox" once a link is on its way, with a way to use another address. */
export function LinkSentNotice({ email, onChange }: { email: string; onChange?: () => void }) {
  return (
    <Alert.Root status="success" data-testid="sign-in-link-sent" textAlign="start">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Check your inbox</Alert.Title>
        <Alert.Description>
          We sent a sign-in link to {email}. Open it on this device to continue; it works once,
          within the hour.
          {onChange && (
            <>
              {' '}
              <chakra.button type="button" textDecoration="underline" color="fg" onClick={onChange}>
                Use a different address
              </chakra.button>
            </>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * Sign-in without Google (docs/product.md, "Sign-in"): an address, and a link by e-mail that
 * leads to `next` once opened. The server checks the address with the domain's schema; this
 * only catches the obvious typo before a round trip.
 */
export function EmailLinkSignIn({
  next,
  defaultEmail = '',
  label = 'No Google account? Get a sign-in link by e-mail',
}: {
  next: string;
  defaultEmail?: string;
  label?: string;
}) {
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) return <LinkSentNotice email={sentTo} onChange={() => setSentTo(null)} />;

  const send = async () => {
    const address = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(address)) {
      setError(INVALID_EMAIL);
      return;
    }
    setError(null);
    setSending(true);
    try {
      await requestSignInLink(address, next);
      setSentTo(address);
    } catch (err) {
      setError(describeError(err, 'Could not send the sign-in link. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <chakra.form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Stack gap="2" textAlign="start">
        <Field.Root invalid={error !== null}>
          <Field.Label>{label}</Field.Label>
          <HStack gap="2" align="start" width="full">
            <Input
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              flex="1"
            />
            <Button type="submit" variant="outline" loading={sending} loadingText="Sending...">
              E-mail me a link
            </Button>
          </HStack>
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <Text fontSize="xs" color="fg.muted">
          No password needed. The link signs you in once, within the hour.
        </Text>
      </Stack>
    </chakra.form>
  );
}
