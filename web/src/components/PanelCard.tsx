import { Card, Heading, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled dashboard section with optional header actions. */
export function PanelCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Heading size="lg">{title}</Heading>
          {actions && <HStack gap="2">{actions}</HStack>}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
