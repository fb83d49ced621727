import { Badge, Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { formatShortDate, formatZonedTime } from '@gatherly/domain/dates';
import {
  arrivalDayShift,
  flightTimeZones,
  formatDayShift,
  formatFlightDuration,
} from '@gatherly/domain/flights';
import type { FlightDoc } from '../../lib/types.ts';
import { FlightActions } from './TravelActions.tsx';

interface Props {
  flight: FlightDoc;
  /** Shows a flight added before flights had zones. */
  eventTimeZone: string;
}

function dayShiftNote(days: number): string {
  const n = Math.abs(days);
  const count = n === 1 ? 'one day' : `${n} days`;
  return `Lands on the local calendar ${count} ${days > 0 ? 'after' : 'before'} the departure day`;
}

/**
 * One flight as printed on a ticket: the departure in the departure airport's zone, the arrival
 * in the arrival airport's, each with its label, and "+1" when it lands on a later local day.
 */
export function FlightCard({ flight, eventTimeZone }: Props) {
  const zones = flightTimeZones(flight, eventTimeZone);
  const dayShift = arrivalDayShift(flight, eventTimeZone);
  const shift = formatDayShift(dayShift);
  const duration = formatFlightDuration(flight.departureTime, flight.arrivalTime);
  return (
    <Card.Root size="sm" height="full" data-testid="flight-card">
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
          <HStack gap="1" flexShrink={0}>
            <Badge variant="subtle" colorPalette="blue">
              {formatShortDate(flight.departureTime, zones.departure)}
            </Badge>
            <FlightActions flight={flight} eventTimeZone={eventTimeZone} />
          </HStack>
        </HStack>
        <HStack columnGap="6" rowGap="2" fontSize="sm" align="start" wrap="wrap">
          <Stack gap="0">
            <Text color="fg.muted">Departure</Text>
            <Text fontWeight="medium" data-testid="flight-departure">
              {formatZonedTime(flight.departureTime, zones.departure)}
            </Text>
          </Stack>
          <Stack gap="0">
            <Text color="fg.muted">Arrival</Text>
            <Text fontWeight="medium" data-testid="flight-arrival">
              {formatZonedTime(flight.arrivalTime, zones.arrival)}
              {shift && (
                <Text as="sup" ms="0.5" color="fg.muted" title={dayShiftNote(dayShift ?? 0)}>
                  {shift}
                </Text>
              )}
            </Text>
          </Stack>
          {duration && (
            <Stack gap="0">
              <Text color="fg.muted">Flight time</Text>
              <Text fontWeight="medium">{duration}</Text>
            </Stack>
          )}
        </HStack>
        <HStack gap="2">
          <UserAvatar name={flight.user.displayName} photoURL={flight.user.photoURL} size="xs" />
          <Text fontSize="sm">{flight.user.displayName}</Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
