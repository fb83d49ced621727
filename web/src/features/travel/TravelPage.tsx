import {
  Box,
  Button,
  EmptyState,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  VStack,
} from '@chakra-ui/react';
import { useState } from 'react';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { useEventScope } from '../../lib/event-scope.tsx';
import { AddFlightDialog } from './AddFlightDialog.tsx';
import { CarpoolCard } from './CarpoolCard.tsx';
import { CreateCarpoolDialog } from './CreateCarpoolDialog.tsx';
import { useCarpools, useFlights } from './data.ts';
import { FlightCard } from './FlightCard.tsx';
import { useJoinCarpool } from './use-join-carpool.ts';

type TravelTab = 'flights' | 'carpools';

/** docs/product.md, "Travel". */
export default function TravelPage() {
  const { eventId, event, uid } = useEventScope();
  const timeZone = eventTimeZone(event);
  const flights = useFlights(eventId);
  const carpools = useCarpools(eventId);
  const { joiningId, join } = useJoinCarpool();
  const [tab, setTab] = useState<TravelTab>('flights');
  const [dialog, setDialog] = useState<TravelTab | null>(null);

  return (
    <Stack gap="6" maxW="6xl" p={{ base: '4', md: '8' }} mx="auto" w="full">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Box>
          <Heading size="2xl">Travel Coordination</Heading>
          <Text color="fg.muted">Share flights and organise carpools with other attendees.</Text>
        </Box>
        <Button colorPalette="brand" onClick={() => setDialog(tab)}>
          {tab === 'flights' ? 'Add Flight' : 'Create Carpool'}
        </Button>
      </HStack>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as TravelTab)} variant="enclosed">
        <Tabs.List>
          <Tabs.Trigger value="flights">Flights ({flights.items.length})</Tabs.Trigger>
          <Tabs.Trigger value="carpools">Carpools ({carpools.items.length})</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="flights">
          {flights.loading ? (
            <CardSkeletons />
          ) : flights.items.length === 0 ? (
            <Empty
              title="No Flights Added"
              description="Share your flight information to coordinate travel with other attendees."
              action="Add Flight"
              onAction={() => setDialog('flights')}
            />
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
              {flights.items.map((f) => (
                <FlightCard key={f.id} flight={f} eventTimeZone={timeZone} />
              ))}
            </SimpleGrid>
          )}
        </Tabs.Content>
        <Tabs.Content value="carpools">
          {carpools.loading ? (
            <CardSkeletons />
          ) : carpools.items.length === 0 ? (
            <Empty
              title="No Carpools Created"
              description="Create or join carpools to coordinate transportation with other attendees."
              action="Create Carpool"
              onAction={() => setDialog('carpools')}
            />
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
              {carpools.items.map((c) => (
                <CarpoolCard
                  key={c.id}
                  carpool={c}
                  timeZone={timeZone}
                  uid={uid}
                  joining={joiningId === c.id}
                  onJoin={join}
                />
              ))}
            </SimpleGrid>
          )}
        </Tabs.Content>
      </Tabs.Root>
      <AddFlightDialog
        eventId={eventId}
        eventTimeZone={timeZone}
        open={dialog === 'flights'}
        onClose={() => setDialog(null)}
      />
      <CreateCarpoolDialog
        eventId={eventId}
        timeZone={timeZone}
        open={dialog === 'carpools'}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

function CardSkeletons() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4" data-testid="travel-loading">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height="140px" borderRadius="l3" />
      ))}
    </SimpleGrid>
  );
}

interface EmptyProps {
  title: string;
  description: string;
  action: string;
  onAction(): void;
}

function Empty({ title, description, action, onAction }: EmptyProps) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </VStack>
        <Button variant="outline" onClick={onAction}>
          {action}
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
