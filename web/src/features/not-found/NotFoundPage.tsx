import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PATHS } from '../../lib/paths.ts';

/** Unknown routes (signed in). */
export default function NotFoundPage() {
  return (
    <Stack align="center" justify="center" textAlign="center" gap="4" py="24" px="4">
      <Text fontSize="6xl" fontWeight="bold" color="brand.fg" lineHeight="1">
        404
      </Text>
      <Heading as="h2" size="xl">
        Page Not Found
      </Heading>
      <Text color="fg.muted" maxW="md">
        The page you are looking for does not exist or has been moved.
      </Text>
      <Button asChild colorPalette="brand">
        <RouterLink to={PATHS.home}>Back to Dashboard</RouterLink>
      </Button>
    </Stack>
  );
}
