import { Stack } from '@chakra-ui/react';
import { isAdminRole } from '@gatherly/domain/roles';
import { eventTimeZone, needsTimeZoneConfirmation } from '@gatherly/domain/time-zones';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { useEventScope, useMemberCount } from '../../lib/event-scope.tsx';
import { useEventPhotos } from '../photos/data.ts';
import { useCarpools, useFlights } from '../travel/data.ts';
import { useEventCounts, useSchedule } from './data.ts';
import { EventBanner } from './EventBanner.tsx';
import { GalleryPreview } from './GalleryPreview.tsx';
import { RecentActivityCard } from './RecentActivityCard.tsx';
import { SchedulePanel } from './SchedulePanel.tsx';
import { StatsCards } from './StatsCards.tsx';
import { TimeZoneNotice } from './TimeZoneNotice.tsx';
import { TravelPanel } from './TravelPanel.tsx';

/** The dashboard's travel panel shows this many flights and carpools. */
export const TRAVEL_PANEL_ITEMS = 3;

/** docs/product.md, "Dashboard"; access states are the event layout's. */
export default function DashboardPage() {
  const { eventId, event, role, uid } = useEventScope();
  const memberCount = useMemberCount(eventId);
  const isAdmin = isAdminRole(role);
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
  const timeZone = eventTimeZone(event);
  return (
    <Stack gap="0">
      {fullWidth && banner}
      <Stack gap="6" maxW="6xl" p={{ base: '4', md: '8' }} mx="auto" w="full">
        {!fullWidth && banner}
        {isAdmin && needsTimeZoneConfirmation(event) && <TimeZoneNotice eventId={eventId} />}
        <StatsCards stats={counts} />
        <RecentActivityCard eventId={eventId} />
        <GalleryPreview eventId={eventId} uid={uid} role={role} photos={photos.photos} />
        <TravelPanel
          eventId={eventId}
          timeZone={timeZone}
          uid={uid}
          flights={flights.items}
          carpools={carpools.items}
        />
        <SchedulePanel
          eventId={eventId}
          eventName={event.name}
          timeZone={timeZone}
          uid={uid}
          isAdmin={isAdmin}
          items={schedule.items}
        />
      </Stack>
    </Stack>
  );
}
