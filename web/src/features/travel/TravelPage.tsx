import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Tabs } from '../../components/chakra/Tabs.ts';
import { useState } from 'react';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { useEventScope } from '../../lib/event-scope.tsx';
import { useEventStats } from '../../lib/use-event-stats.ts';
import { CarpoolDialog } from './CarpoolDialog.tsx';
import { FlightDialog } from './FlightDialog.tsx';
import { CarpoolsTab, FlightsTab } from './TravelLists.tsx';

type TravelTab = 'flights' | 'carpools';

/** docs/product.md, "Travel". Tab counts are the stored counts; only the open tab reads its list. */
export default function TravelPage() {
  const { eventId, event, uid } = useEventScope();
  const timeZone = eventTimeZone(event);
  const stats = useEventStats(eventId, 'travel');
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
      <Tabs.Root
        value={tab}
        onValueChange={(e) => setTab(e.value as TravelTab)}
        variant="enclosed"
        lazyMount
        unmountOnExit
      >
        <Tabs.List>
          <Tabs.Trigger value="flights">Flights ({stats.travel?.flights ?? '…'})</Tabs.Trigger>
          <Tabs.Trigger value="carpools">Carpools ({stats.travel?.carpools ?? '…'})</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="flights">
          <FlightsTab eventId={eventId} timeZone={timeZone} onAdd={() => setDialog('flights')} />
        </Tabs.Content>
        <Tabs.Content value="carpools">
          <CarpoolsTab
            eventId={eventId}
            timeZone={timeZone}
            uid={uid}
            onAdd={() => setDialog('carpools')}
          />
        </Tabs.Content>
      </Tabs.Root>
      <FlightDialog
        eventId={eventId}
        eventTimeZone={timeZone}
        open={dialog === 'flights'}
        onClose={() => setDialog(null)}
      />
      <CarpoolDialog
        eventId={eventId}
        timeZone={timeZone}
        open={dialog === 'carpools'}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
