import { Badge, Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { formatShortDate, formatTime } from '@gatherly/domain/dates';
import type { FlightDoc } from '../../lib/types.ts';

export function FlightCard({ flight }: { flight: FlightDoc }) {
  return (
    <Card.Root size="sm" data-testid="flight-card">
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="2">
          <Box minW="0">
            <Text fontWeight="semibold" truncate>
              {flight.departure} → {flight.arrival}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              {flight.airline} {flight.flightNumber}
            </Text>
          </Box>
          <Badge variant="subtle" colorPalette="blue" flexShrink={0}>
            {formatShortDate(flight.departureTime)}
          </Badge>
        </HStack>
        <HStack gap="6" fontSize="sm">
          <Stack gap="0">
            <Text color="fg.muted">Departure</Text>
            <Text fontWeight="medium">{formatTime(flight.departureTime)}</Text>
          </Stack>
          <Stack gap="0">
            <Text color="fg.muted">Arrival</Text>
            <Text fontWeight="medium">{formatTime(flight.arrivalTime)}</Text>
          </Stack>
        </HStack>
        <HStack gap="2">
          <UserAvatar name={flight.user.displayName} photoURL={flight.user.photoURL} size="xs" />
          <Text fontSize="sm">{flight.user.displayName}</Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
