import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { isNewlyCreated, useCurrentEvent, useMyEvents } from '../../lib/current-event.tsx';
import { useSession } from '../../lib/session.tsx';
import type { GatherlyEvent, MemberRole } from '../../lib/types.ts';
import { useEventPhotos } from '../photos/data.ts';
import { useCarpools, useFlights } from '../travel/data.ts';
import { useEventCounts, useSchedule } from './data.ts';
import { EventBanner } from './EventBanner.tsx';
import { GalleryPreview } from './GalleryPreview.tsx';
import { RecentActivityCard } from './RecentActivityCard.tsx';
import { SchedulePanel } from './SchedulePanel.tsx';
import { StatsCards } from './StatsCards.tsx';
import { TravelPanel } from './TravelPanel.tsx';
import { ShieldIcon } from '../../components/icons.tsx';

/** The dashboard's travel panel shows this many flights and carpools. */
export const TRAVEL_PANEL_ITEMS = 3;

export default function DashboardPage() {
  const { eventId } = useParams<{ eventId: string }>();
  const { user } = useSession();
  const current = useCurrentEvent();
  const myEvents = useMyEvents();
  if (!user) return <Navigate to="/" replace />;
  if (!eventId) return <NoEvents />;

  if (current.eventId === eventId && current.event) {
    const memberCount = myEvents.events.find((e) => e.id === eventId)?.memberCount ?? null;
    return (
      <Dashboard
        eventId={eventId}
        uid={user.uid}
        event={current.event}
        role={current.role}
        isAdmin={current.isAdmin}
        memberCount={memberCount}
      />
    );
  }
  // The route's event is being selected, or the live list has not caught up yet.
  const pending =
    current.loading ||
    myEvents.loading ||
    isNewlyCreated(eventId) ||
    myEvents.events.some((e) => e.id === eventId);
  if (pending) return <PageSkeleton cards={4} />;
  return <AccessDenied />;
}

function AccessDenied() {
  return (
    <Stack align="center" textAlign="center" gap="3" py="16" px="4">
      <ShieldIcon boxSize="10" color="fg.muted" />
      <Heading size="xl">Access Denied</Heading>
      <Text color="fg.muted">You have not been invited to this event</Text>
      <Button colorPalette="brand" asChild>
        <Link to="/">Back to Dashboard</Link>
      </Button>
    </Stack>
  );
}

function NoEvents() {
  return (
    <Stack align="center" textAlign="center" gap="3" py="16" px="4">
      <Heading size="xl">No Events Yet</Heading>
      <Text color="fg.muted">
        Create your first event to start planning and coordinating with others.
      </Text>
      <Button colorPalette="brand" asChild>
        <Link to="/create-event">Create Event</Link>
      </Button>
    </Stack>
  );
}

interface DashboardProps {
  eventId: string;
  uid: string;
  event: GatherlyEvent;
  role: MemberRole | null;
  isAdmin: boolean;
  memberCount: number | null;
}

function Dashboard({ eventId, uid, event, role, isAdmin, memberCount }: DashboardProps) {
  const photos = useEventPhotos(eventId, uid);
  const flights = useFlights(eventId, TRAVEL_PANEL_ITEMS);
  const carpools = useCarpools(eventId, TRAVEL_PANEL_ITEMS);
  const schedule = useSchedule(eventId, uid);
  const counts = useEventCounts(eventId, {
    photos: photos.photos,
    flights: flights.items,
    carpools: carpools.items,
    rsvps: schedule.rsvps,
  });

  if (photos.loading || flights.loading || carpools.loading || schedule.loading)
    return <PageSkeleton cards={4} />;

  const banner = (
    <EventBanner event={event} photos={photos.photos} memberCount={memberCount} isAdmin={isAdmin} />
  );
  const fullWidth = event.bannerSettings.style === 'full-width';
  return (
    <Stack gap="0">
      {fullWidth && banner}
      <Stack gap="6" maxW="6xl" p={{ base: '4', md: '8' }} mx="auto" w="full">
        {!fullWidth && banner}
        <StatsCards stats={counts} />
        <RecentActivityCard eventId={eventId} />
        <GalleryPreview eventId={eventId} uid={uid} role={role} photos={photos.photos} />
        <TravelPanel
          eventId={eventId}
          uid={uid}
          flights={flights.items}
          carpools={carpools.items}
        />
        <SchedulePanel
          eventId={eventId}
          eventName={event.name}
          uid={uid}
          isAdmin={isAdmin}
          items={schedule.items}
        />
      </Stack>
    </Stack>
  );
}
