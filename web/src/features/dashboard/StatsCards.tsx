import { SimpleGrid } from '@chakra-ui/react';
import { Skeleton } from '../../components/chakra/Skeleton.ts';
import { Stat } from '../../components/chakra/Stat.ts';
import type { ComponentType } from 'react';
import { CameraIcon, CarIcon, CheckIcon, PlaneIcon } from '../../components/icons.tsx';
import { useOnline } from '../../lib/offline/connectivity.ts';

export interface EventStats {
  going: number | null;
  photos: number | null;
  flights: number | null;
  carpools: number | null;
}

const CARDS: { key: keyof EventStats; label: string; icon: ComponentType }[] = [
  { key: 'going', label: 'RSVPs', icon: CheckIcon },
  { key: 'photos', label: 'Photos', icon: CameraIcon },
  { key: 'flights', label: 'Flights', icon: PlaneIcon },
  { key: 'carpools', label: 'Carpools', icon: CarIcon },
];

export function StatsCards({ stats }: { stats: EventStats }) {
  const online = useOnline();
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
      {CARDS.map(({ key, label, icon: Icon }) => (
        <Stat.Root
          key={key}
          borderWidth="1px"
          borderRadius="l3"
          p="4"
          bg="bg.panel"
          data-testid={`stat-${key}`}
        >
          <Stat.Label>
            <Icon /> {label}
          </Stat.Label>
          {stats[key] === null && !online ? (
            // Never counted on this visit and offline: say so rather than load forever.
            <Stat.ValueText title="Counts need a connection" color="fg.muted">
              —
            </Stat.ValueText>
          ) : stats[key] === null ? (
            // Inside the value: a Stat is a definition list, whose children must be dt and dd.
            <Stat.ValueText aria-busy="true">
              <Skeleton height="8" width="12" />
            </Stat.ValueText>
          ) : (
            <Stat.ValueText>{stats[key]}</Stat.ValueText>
          )}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
