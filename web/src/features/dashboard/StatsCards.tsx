import { SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';

export interface EventStats {
  going: number | null;
  photos: number | null;
  flights: number | null;
  carpools: number | null;
}

const CARDS: { key: keyof EventStats; label: string; icon: string }[] = [
  { key: 'going', label: 'RSVPs', icon: '✅' },
  { key: 'photos', label: 'Photos', icon: '📷' },
  { key: 'flights', label: 'Flights', icon: '✈️' },
  { key: 'carpools', label: 'Carpools', icon: '🚗' },
];

export function StatsCards({ stats }: { stats: EventStats }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
      {CARDS.map(({ key, label, icon }) => (
        <Stat.Root key={key} borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel" data-testid={`stat-${key}`}>
          <Stat.Label>
            <span aria-hidden>{icon}</span> {label}
          </Stat.Label>
          {stats[key] === null ? <Skeleton height="8" width="12" /> : <Stat.ValueText>{stats[key]}</Stat.ValueText>}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
