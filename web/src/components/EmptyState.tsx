import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Centered "nothing here yet" block: icon, title, description and an optional action. */
export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon?: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" textAlign="center" gap="3" py="12" px="4">
      {icon ? (
        <Box color="fg.muted" fontSize="4xl" aria-hidden>
          {icon}
        </Box>
      ) : null}
      <Heading as="h3" size="lg">
        {title}
      </Heading>
      {description ? (
        <Text color="fg.muted" maxW="md">
          {description}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
