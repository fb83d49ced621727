import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A whole-page message in place of a screen: icon, heading, one sentence and its actions. */
export function StatusScreen({
  icon,
  title,
  description,
  actions,
}: {
  icon?: ReactNode;
  title: string;
  description: string;
  actions: ReactNode;
}) {
  return (
    <Stack align="center" textAlign="center" gap="3" py="16" px="4">
      {icon}
      <Heading as="h2" size="xl">
        {title}
      </Heading>
      <Text color="fg.muted" maxW="md">
        {description}
      </Text>
      <HStack gap="3" wrap="wrap" justify="center">
        {actions}
      </HStack>
    </Stack>
  );
}
