// The travel screen's tabs, each its own component so only the open tab queries
// (docs/performance.md, "Travel"): cursor pages on the virtualised grid.
import { Button, SimpleGrid, VStack } from '@chakra-ui/react';
import { Skeleton } from '../../components/chakra/Skeleton.ts';
import { EmptyState } from '../../components/chakra/EmptyState.ts';
import { useCallback, type ReactNode } from 'react';
import { VirtualGrid } from '../../components/VirtualGrid.tsx';
import { useFirstPageSize } from '../../lib/grid-first-page.ts';
import type { CarpoolDoc, FlightDoc } from '../../lib/types.ts';
import type { SearchPages } from '../../lib/live/index.ts';
import { CarpoolCard } from './CarpoolCard.tsx';
import { useCarpoolPages, useFlightPages } from './data.ts';
import { FlightCard } from './FlightCard.tsx';
import { useJoinCarpool } from './use-join-carpool.ts';

/**
 * Columns by the grid's own width: a card needs about 340 px for a flight's departure, arrival
 * and flight time on one line, so three columns start where three such cards fit (wide
 * desktops), two at tablet and laptop widths, one on phones (docs/decisions.md,
 * "Travel cards and grid first pages").
 */
export function travelColumns(width: number): number {
  if (width >= 1040) return 3;
  if (width >= 560) return 2;
  return 1;
}

const FLIGHT_CARD_PX = 176;
// Route and departure, driver, riders with Join / Leave: three rows.
const CARPOOL_CARD_PX = 164;

interface TabProps {
  eventId: string;
  /** The event's zone: carpools leave in it, flights without airport zones use it. */
  timeZone: string;
  onAdd(): void;
}

export function FlightsTab({ eventId, timeZone, onAdd }: TabProps) {
  const pageSize = useFirstPageSize(travelColumns);
  const pages = useFlightPages(eventId, pageSize);
  const render = useCallback(
    (f: FlightDoc) => <FlightCard flight={f} eventTimeZone={timeZone} />,
    [timeZone],
  );
  return (
    <TravelGrid
      pages={pages}
      pageSize={pageSize}
      render={render}
      rowHeight={FLIGHT_CARD_PX}
      empty={
        <Empty
          title="No Flights Added"
          description="Share your flight information to coordinate travel with other attendees."
          action="Add Flight"
          onAction={onAdd}
        />
      }
    />
  );
}

export function CarpoolsTab({ eventId, timeZone, uid, onAdd }: TabProps & { uid: string }) {
  const pageSize = useFirstPageSize(travelColumns);
  const pages = useCarpoolPages(eventId, pageSize);
  const { joiningId, join } = useJoinCarpool();
  const render = useCallback(
    (c: CarpoolDoc) => (
      <CarpoolCard
        carpool={c}
        timeZone={timeZone}
        uid={uid}
        joining={joiningId === c.id}
        onJoin={join}
      />
    ),
    [timeZone, uid, joiningId, join],
  );
  return (
    <TravelGrid
      pages={pages}
      pageSize={pageSize}
      render={render}
      rowHeight={CARPOOL_CARD_PX}
      empty={
        <Empty
          title="No Carpools Created"
          description="Create or join carpools to coordinate transportation with other attendees."
          action="Create Carpool"
          onAction={onAdd}
        />
      }
    />
  );
}

function TravelGrid<T extends { id: string }>({
  pages,
  pageSize,
  render,
  rowHeight,
  empty,
}: {
  pages: SearchPages<T>;
  pageSize: number;
  render(item: T): ReactNode;
  rowHeight: number;
  empty: ReactNode;
}) {
  if (pages.loading) return <CardSkeletons />;
  if (pages.items.length === 0 && !pages.hasMore) return <>{empty}</>;
  return (
    <VirtualGrid
      items={pages.items}
      totalCount={pages.items.length + (pages.hasMore ? pageSize : 0)}
      getKey={(item) => item.id}
      renderItem={render}
      onRangeChange={pages.setVisibleRange}
      columnsFor={travelColumns}
      rowHeightFor={() => rowHeight}
    />
  );
}

function CardSkeletons() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, '2xl': 3 }} gap="4" data-testid="travel-loading">
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
