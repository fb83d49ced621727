import { Badge, Box, Button, Card, HStack, Text } from '@chakra-ui/react';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { ZonedTime } from '../../components/ZonedTime.tsx';
import type { CarpoolDoc } from '../../lib/types.ts';
import { canJoin, usePassengers } from './data.ts';
import { CarpoolActions, LeaveCarpoolButton } from './TravelActions.tsx';

interface Props {
  carpool: CarpoolDoc;
  /** The event's zone: the departure is shown in it. */
  timeZone: string;
  uid: string;
  joining: boolean;
  onJoin(carpool: CarpoolDoc): void;
}

/** "2 passengers": shown until the names arrive. */
export function passengerCount(carpool: CarpoolDoc): string {
  const n = carpool.passengerIds.length;
  return `${n} passenger${n === 1 ? '' : 's'}`;
}

/** "Hal Rider, Ivy Rider and Jo Watcher". */
export function passengerNames(names: readonly string[]): string {
  return new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(names);
}

export function CarpoolCard({ carpool, timeZone, uid, joining, onJoin }: Props) {
  const isPassenger = carpool.passengerIds.includes(uid);
  return (
    <Card.Root size="sm" height="full" data-testid="carpool-card">
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Box minW="0">
            <Text fontWeight="semibold" truncate>
              {carpool.fromLocation} → {carpool.toLocation}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              <ZonedTime value={carpool.departureTime} timeZone={timeZone} />
            </Text>
          </Box>
          <HStack gap="1" flexShrink={0}>
            <Badge
              variant="subtle"
              colorPalette={carpool.currentSeats < carpool.maxSeats ? 'green' : 'gray'}
            >
              {carpool.currentSeats}/{carpool.maxSeats} seats
            </Badge>
            <CarpoolActions carpool={carpool} timeZone={timeZone} />
          </HStack>
        </HStack>
        <HStack gap="2" minW="0">
          <UserAvatar
            name={carpool.driver.displayName}
            photoURL={carpool.driver.photoURL}
            size="xs"
          />
          <Text fontSize="sm" truncate>
            {carpool.driver.displayName}{' '}
            <Text as="span" color="fg.muted">
              driving
            </Text>
          </Text>
        </HStack>
        <HStack justify="space-between" gap="2" minH="8">
          {carpool.passengerIds.length > 0 ? (
            <Passengers carpool={carpool} />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              No passengers yet
            </Text>
          )}
          {canJoin(carpool, uid) ? (
            <Button
              size="xs"
              colorPalette="brand"
              flexShrink={0}
              loading={joining}
              loadingText="Joining..."
              onClick={() => onJoin(carpool)}
            >
              Join
            </Button>
          ) : isPassenger ? (
            <HStack gap="2" flexShrink={0}>
              <Badge colorPalette="teal" variant="outline">
                Joined
              </Badge>
              <LeaveCarpoolButton carpool={carpool} />
            </HStack>
          ) : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The riders by name from their passenger documents (at most 7, read only for cards with riders
 * that are on screen); the count shows until the names arrive.
 */
function Passengers({ carpool }: { carpool: CarpoolDoc }) {
  const passengers = usePassengers(carpool);
  const names = passengers.map((p) => p.user.displayName);
  const text = names.length > 0 ? passengerNames(names) : passengerCount(carpool);
  return (
    <Text fontSize="sm" minW="0" truncate title={text} data-testid="carpool-passengers">
      <Text as="span" color="fg.muted">
        With{' '}
      </Text>
      {text}
    </Text>
  );
}
