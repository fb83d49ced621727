import { Spinner, Stack, Text } from '@chakra-ui/react';

/** Full-screen wait while auth resolves (docs/product.md, "Sign-in"). */
export function FullPageSpinner() {
  return (
    <Stack minH="100dvh" align="center" justify="center" gap="3" role="status">
      <Spinner size="xl" color="brand.solid" borderWidth="4px" />
      <Text color="fg.muted">Loading...</Text>
    </Stack>
  );
}
