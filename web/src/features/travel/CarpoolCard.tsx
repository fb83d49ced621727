import { Badge, Box, Button, Card, HStack, Text } from '@chakra-ui/react';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { ZonedTime } from '../../components/ZonedTime.tsx';
import type { CarpoolDoc } from '../../lib/types.ts';
import { canJoin } from './data.ts';

interface Props {
  carpool: CarpoolDoc;
  /** The event's zone: the departure is shown in it. */
  timeZone: string;
  uid: string;
  joining: boolean;
  onJoin(carpool: CarpoolDoc): void;
}

export function passengerNote(carpool: CarpoolDoc): string | null {
  const n = Math.max(0, carpool.currentSeats - 1);
  return n > 0 ? `+ ${n} passenger${n === 1 ? '' : 's'}` : null;
}

export function CarpoolCard({ carpool, timeZone, uid, joining, onJoin }: Props) {
  const note = passengerNote(carpool);
  const isPassenger = (carpool.passengerIds ?? []).includes(uid);
  return (
    <Card.Root size="sm" data-testid="carpool-card">
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="2">
          <Box minW="0">
            <Text fontWeight="semibold" truncate>
              {carpool.fromLocation} → {carpool.toLocation}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              <ZonedTime value={carpool.departureTime} timeZone={timeZone} />
            </Text>
          </Box>
          <Badge
            variant="subtle"
            colorPalette={carpool.currentSeats < carpool.maxSeats ? 'green' : 'gray'}
            flexShrink={0}
          >
            {carpool.currentSeats}/{carpool.maxSeats} seats
          </Badge>
        </HStack>
        <HStack justify="space-between" gap="2" wrap="wrap">
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
            {note && (
              <Text fontSize="sm" color="fg.muted">
                {note}
              </Text>
            )}
          </HStack>
          {canJoin(carpool, uid) ? (
            <Button
              size="xs"
              colorPalette="teal"
              loading={joining}
              loadingText="Joining..."
              onClick={() => onJoin(carpool)}
            >
              Join
            </Button>
          ) : isPassenger ? (
            <Badge colorPalette="teal" variant="outline">
              Joined
            </Badge>
          ) : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
