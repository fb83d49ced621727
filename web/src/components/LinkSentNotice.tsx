import { Alert, chakra } from '@chakra-ui/react';

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
