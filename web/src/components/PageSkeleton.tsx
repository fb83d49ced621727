import { Stack } from '@chakra-ui/react';
import { Skeleton, SkeletonText } from './chakra/Skeleton.ts';

/** Loading placeholder for a page: a heading bar and `cards` card-shaped blocks (3 for lists: docs/product.md, "Events list"). */
export function PageSkeleton({ cards = 3 }: { cards?: number }) {
  return (
    <Stack gap="4" p={{ base: '4', md: '6' }} aria-busy="true" aria-label="Loading">
      <Skeleton height="8" width="40%" />
      <SkeletonText noOfLines={1} width="60%" />
      {Array.from({ length: cards }, (_, i) => (
        <Skeleton key={i} height="28" borderRadius="lg" />
      ))}
    </Stack>
  );
}
