import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { can } from '@gatherly/domain/roles';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { isNewlyCreated, useCurrentEvent, useMyEvents } from '../../lib/current-event.tsx';
import { useSession } from '../../lib/session.tsx';
import type { GatherlyEvent } from '../../lib/types.ts';
import { RoleManagementCard } from '../members/RoleManagementCard.tsx';
import { BrandingCard } from './BrandingCard.tsx';
import { DatesCard } from './DatesCard.tsx';
import { TextSettingField } from './TextSettingField.tsx';

export default function SettingsPage() {
  const { eventId } = useParams<{ eventId: string }>();
  const current = useCurrentEvent();
  const myEvents = useMyEvents();
  const uid = useSession().user?.uid ?? '';
  if (!eventId) return <Navigate to="/" replace />;
  if (current.eventId !== eventId || !current.event) {
    // The route's event is still being selected (or the list is catching up with a new event);
    // a non-member ends up on the dashboard's Access Denied.
    const pending =
      current.loading ||
      myEvents.loading ||
      isNewlyCreated(eventId) ||
      myEvents.events.some((e) => e.id === eventId);
    return pending ? <PageSkeleton /> : <Navigate to={`/events/${eventId}`} replace />;
  }
  if (!current.isAdmin) return <Navigate to={`/events/${eventId}`} replace />;
  return (
    <SettingsScreen
      event={current.event}
      uid={uid}
      isCreator={can(current.role, 'viewRoleManagement')}
    />
  );
}

function SettingsScreen({
  event,
  uid,
  isCreator,
}: {
  event: GatherlyEvent;
  uid: string;
  isCreator: boolean;
}) {
  return (
    <Stack gap="6" maxW="4xl" p={{ base: '4', md: '8' }} mx="auto" w="full">
      <Button variant="ghost" alignSelf="start" size="sm" asChild>
        <Link to={`/events/${event.id}`}>← Back to Event</Link>
      </Button>
      <Stack gap="1">
        <Heading size="2xl">Event Settings</Heading>
        <Text color="fg.muted">Changes are saved automatically.</Text>
      </Stack>
      <Card.Root>
        <Card.Header>
          <Heading size="lg">Basic Information</Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <TextSettingField
              eventId={event.id}
              field="name"
              label="Event Name"
              stored={event.name}
              required
            />
            <TextSettingField
              eventId={event.id}
              field="description"
              label="Description"
              stored={event.description}
              multiline
            />
            <TextSettingField
              eventId={event.id}
              field="location"
              label="Location (optional)"
              stored={event.location}
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <DatesCard eventId={event.id} startDate={event.startDate} endDate={event.endDate} />
      <BrandingCard event={event} />
      {isCreator && <RoleManagementCard eventId={event.id} uid={uid} />}
    </Stack>
  );
}
