import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Skeleton } from '../../components/chakra/Skeleton.ts';
import { SegmentGroup } from '../../components/chakra/SegmentGroup.ts';
import { isEventActive } from '@gatherly/domain/dates';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { CalendarIcon, PlusIcon } from '../../components/icons.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { API } from '@gatherly/domain/api/endpoints';
import { errorMessage } from '../../lib/api.ts';
import { callApi } from '../../lib/api-client.ts';
import { useMyEvents, type MyEvent } from '../../lib/event-scope.tsx';
import { useSession } from '../../lib/session.tsx';
import { EventCard } from './EventCard.tsx';
import { SubscriptionCard } from '../subscription/SubscriptionCard.tsx';
import { UpgradeDialog } from '../subscription/UpgradeDialog.tsx';
import { useCreateEventGate } from '../subscription/use-create-gate.ts';
import { useSubscription } from '../subscription/use-subscription.ts';

type Filter = 'all' | 'active';

/** Signed-in home (docs/product.md, "Events list"). */
export default function EventsListPage() {
  const { user } = useSession();
  const { events, loading, error } = useMyEvents();
  const subscription = useSubscription();
  const gate = useCreateEventGate();
  const [filter, setFilter] = useState<Filter>('all');
  const [toDelete, setToDelete] = useState<MyEvent | null>(null);
  const [deleting, setDeleting] = useState(false);

  const visible = useMemo(
    // Active Only counts days on each event's own calendar (docs/decisions.md, "Time zones").
    () => (filter === 'active' ? events.filter((e) => isEventActive(e.event)) : events),
    [events, filter],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await callApi(API.deleteEvent, { params: { eventId: toDelete.id } });
      setToDelete(null);
      subscription.reload();
      showToast({ title: 'Event Deleted', status: 'success' });
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorMessage(err, 'Failed to delete event. Please try again.'),
        status: 'error',
      });
    } finally {
      setDeleting(false);
    }
  };

  const createButton = (label: string, size: 'md' | 'lg' = 'md') => (
    <Button
      colorPalette="brand"
      size={size}
      onClick={() => void gate.startCreate()}
      loading={gate.checking}
    >
      <PlusIcon /> {label}
    </Button>
  );

  return (
    <Stack gap="6" p={{ base: '4', md: '8' }} maxW="6xl" mx="auto">
      <Box>
        <Heading as="h2" fontSize={{ base: '2xl', md: '3xl' }}>
          {`Welcome back, ${user?.displayName ?? ''}`}
        </Heading>
        <Text color="fg.muted" mt="1">
          Manage all your events from one place
        </Text>
      </Box>

      <SubscriptionCard state={subscription} />

      {loading ? (
        <SimpleGrid
          columns={{ base: 1, md: 2, lg: 3 }}
          gap="4"
          aria-busy="true"
          aria-label="Loading events"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="40" borderRadius="xl" />
          ))}
        </SimpleGrid>
      ) : error ? (
        <EmptyState
          title="Couldn't load your events"
          description={`Failed to fetch events: ${'code' in error && typeof error.code === 'string' ? error.code : error.message}`}
          action={
            <Button variant="outline" onClick={() => window.location.reload()}>
              Try Again
            </Button>
          }
        />
      ) : events.length === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" borderRadius="xl">
          <EmptyState
            icon={<CalendarIcon />}
            title="No Events Yet"
            description="Create your first event to start planning and coordinating with others."
            action={createButton('Create Your First Event', 'lg')}
          />
        </Box>
      ) : (
        <Stack gap="4">
          <Flex
            gap="3"
            align={{ base: 'stretch', md: 'center' }}
            direction={{ base: 'column', md: 'row' }}
          >
            <Heading as="h2" size="lg" flex="1">
              {`Your Events (${events.length})`}
            </Heading>
            <SegmentGroup.Root
              size="sm"
              value={filter}
              onValueChange={(e) => setFilter(e.value === 'active' ? 'active' : 'all')}
              aria-label="Filter events"
            >
              <SegmentGroup.Indicator />
              <SegmentGroup.Items
                items={[
                  { value: 'all', label: 'All Events' },
                  { value: 'active', label: 'Active Only' },
                ]}
              />
            </SegmentGroup.Root>
            {createButton('Create Event')}
          </Flex>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            {visible.map((item) => (
              <EventCard key={item.id} item={item} onDelete={setToDelete} />
            ))}
          </SimpleGrid>
        </Stack>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Event"
        description={`Are you sure you want to delete "${toDelete?.event.name ?? ''}"? This permanently removes the event with its members, photos, travel plans and schedule. This cannot be undone.`}
        confirmLabel="Delete Event"
        pendingLabel="Deleting..."
        pending={deleting}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
      <UpgradeDialog
        open={gate.blocked !== null}
        onClose={gate.dismiss}
        tier={subscription.subscription?.tier ?? null}
        limits={gate.blocked}
      />
    </Stack>
  );
}
