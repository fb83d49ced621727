import { Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { CarpoolCard } from '../travel/CarpoolCard.tsx';
import type { CarpoolDoc, FlightDoc } from '../../lib/types.ts';
import { FlightCard } from '../travel/FlightCard.tsx';
import { useJoinCarpool } from '../travel/use-join-carpool.ts';
import { PanelCard } from '../../components/PanelCard.tsx';
import { eventHref } from '../../lib/paths.ts';

interface Props {
  eventId: string;
  /** The event's zone: carpools show in it, flights in their airports' (this when unknown). */
  timeZone: string;
  uid: string;
  flights: readonly FlightDoc[];
  carpools: readonly CarpoolDoc[];
}

/** Up to three flights and three carpools (the caller's queries are limited to 3). */
export function TravelPanel({ eventId, timeZone, uid, flights, carpools }: Props) {
  const { joiningId, join } = useJoinCarpool();
  const travel = eventHref(eventId, 'travel');
  return (
    <PanelCard title="Travel & Carpools">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Stack gap="3">
          <Stack direction="row" justify="space-between" align="center">
            <Heading size="md">Flights</Heading>
            <Button size="xs" variant="outline" asChild>
              <Link to={travel}>Add Flight</Link>
            </Button>
          </Stack>
          {flights.length === 0 ? (
            <Text color="fg.muted">No flights added yet</Text>
          ) : (
            flights.map((f) => <FlightCard key={f.id} flight={f} eventTimeZone={timeZone} />)
          )}
        </Stack>
        <Stack gap="3">
          <Stack direction="row" justify="space-between" align="center">
            <Heading size="md">Carpools</Heading>
            <Button size="xs" variant="outline" asChild>
              <Link to={travel}>Create</Link>
            </Button>
          </Stack>
          {carpools.length === 0 ? (
            <Text color="fg.muted">No carpools organized yet</Text>
          ) : (
            carpools.map((c) => (
              <CarpoolCard
                key={c.id}
                carpool={c}
                timeZone={timeZone}
                uid={uid}
                joining={joiningId === c.id}
                onJoin={join}
              />
            ))
          )}
        </Stack>
      </SimpleGrid>
    </PanelCard>
  );
}
