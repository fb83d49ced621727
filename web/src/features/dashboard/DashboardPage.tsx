import { Stack } from '@chakra-ui/react';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isAdminRole } from '@gatherly/domain/roles';
import { eventTimeZone, needsTimeZoneConfirmation } from '@gatherly/domain/time-zones';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { useEventScope, useMemberCount } from '../../lib/event-scope.tsx';
import { useEventStats } from '../../lib/use-event-stats.ts';
import { WELCOME_PARAM } from '../../lib/paths.ts';
import { useBannerPhotos, useMyVotes, useRecentPhotos, withMyVotes } from '../photos/data.ts';
import { useCarpools, useFlights } from '../travel/data.ts';
import { useSchedule } from '../schedule/data.ts';
import { useMyAllowance, useMyGuestAnswers } from '../schedule/rsvp-data.ts';
import { EventBanner } from '../banner/EventBanner.tsx';
import { EventDescription } from './EventDescription.tsx';
import { GalleryPreview, PREVIEW_PHOTOS } from './GalleryPreview.tsx';
import { RecentActivityCard } from './RecentActivityCard.tsx';
import { SchedulePanel } from '../schedule/SchedulePanel.tsx';
import { StatsCards } from './StatsCards.tsx';
import { TimeZoneNotice } from './TimeZoneNotice.tsx';
import { TravelPanel } from './TravelPanel.tsx';
import { YourAnswersCard } from '../schedule/YourAnswersCard.tsx';
import { YourTableCard } from '../seating/YourTableCard.tsx';
import { DatePolls } from '../polls/DatePolls.tsx';

/** The dashboard's travel panel shows this many flights and carpools. */
export const TRAVEL_PANEL_ITEMS = 3;

/**
 * docs/product.md, "Dashboard"; access states are the event layout's. Every query here is
 * bounded (docs/performance.md, "Dashboard"): the cost of an open does not grow with the event.
 */
export default function DashboardPage() {
  const { eventId, event, role, uid } = useEventScope();
  const isAdmin = isAdminRole(role);
  const banner = useBannerPhotos(eventId);
  const recent = useRecentPhotos(eventId, PREVIEW_PHOTOS);
  const shownIds = useMemo(
    () => [...banner.photos, ...recent.photos].map((p) => p.id),
    [banner.photos, recent.photos],
  );
  const voted = useMyVotes(eventId, uid, shownIds);
  const bannerPhotos = useMemo(() => withMyVotes(banner.photos, voted), [banner.photos, voted]);
  const recentPhotos = useMemo(() => withMyVotes(recent.photos, voted), [recent.photos, voted]);
  const flights = useFlights(eventId, TRAVEL_PANEL_ITEMS);
  const carpools = useCarpools(eventId, TRAVEL_PANEL_ITEMS);
  const schedule = useSchedule(eventId, uid, role);
  // What a Going asks (docs/product.md, "Plus-ones, questions and waitlists"): two documents.
  const allowance = useMyAllowance(eventId, uid, event);
  const storedAnswers = useMyGuestAnswers(eventId, uid);
  const questions = event.questions ?? [];
  const stats = useEventStats(eventId);
  const itemTitles = useMemo(
    () => new Map(schedule.items.map((i) => [i.id, i.title])),
    [schedule.items],
  );
  // Before the event's stats exist (an event not backfilled yet), the events list's count.
  const listedMemberCount = useMemberCount(eventId);
  const memberCount = stats.members?.total ?? listedMemberCount;
  // Arrived from an accepted invitation or the event link: the RSVP step opens once.
  const [search, setSearch] = useSearchParams();
  const welcome = search.get(WELCOME_PARAM) === 'rsvp';
  const welcomed = useCallback(
    () =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(WELCOME_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  if (banner.loading || recent.loading || flights.loading || carpools.loading || schedule.loading)
    return <PageSkeleton cards={4} />;

  const bannerView = (
    <EventBanner event={event} photos={bannerPhotos} memberCount={memberCount} isAdmin={isAdmin} />
  );
  const fullWidth = event.bannerSettings.style === 'full-width';
  const timeZone = eventTimeZone(event);
  const showNames = isAdmin || event.guestsSeeWhoIsGoing !== false;
  return (
    <Stack gap="0">
      {fullWidth && bannerView}
      <Stack gap="6" maxW="6xl" p={{ base: '4', md: '8' }} mx="auto" w="full">
        {!fullWidth && bannerView}
        <EventDescription text={event.description} />
        <YourTableCard
          eventId={eventId}
          timeZone={timeZone}
          items={schedule.items.filter((i) => i.myStatus === 'going')}
        />
        {isAdmin && needsTimeZoneConfirmation(event) && <TimeZoneNotice eventId={eventId} />}
        <DatePolls
          eventId={eventId}
          eventName={event.name}
          uid={uid}
          isAdmin={isAdmin}
          timeZone={timeZone}
          datesTbd={!event.startDate}
          showNames={showNames}
          itemTitles={itemTitles}
        />
        <StatsCards
          stats={{
            going: schedule.goingHeads,
            photos: stats.photos?.total ?? null,
            flights: stats.travel?.flights ?? null,
            carpools: stats.travel?.carpools ?? null,
          }}
        />
        <RecentActivityCard eventId={eventId} />
        <GalleryPreview eventId={eventId} uid={uid} role={role} photos={recentPhotos} />
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
          isCreator={role === 'creator'}
          showNames={showNames}
          items={schedule.items}
          going={{ allowance, questions, storedAnswers }}
          welcome={welcome}
          onWelcomed={welcomed}
        />
        {questions.length > 0 && storedAnswers && (
          <YourAnswersCard
            eventId={eventId}
            questions={questions}
            answers={storedAnswers}
            attending={schedule.items.some(
              (i) => i.myStatus === 'going' || i.myStatus === 'waitlisted',
            )}
          />
        )}
      </Stack>
    </Stack>
  );
}
