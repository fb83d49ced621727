import { Badge, Box, HStack, Text } from '@chakra-ui/react';
import { useOnline, useServerBusy } from '../lib/offline/connectivity.ts';
import { useQueuedWrites } from '../lib/offline/write-queue.ts';
import { AlertIcon } from './first-screen-icons.tsx';

const plural = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/**
 * The shell's connection strip: offline, what still works and what does not; back online, that
 * the changes saved on this phone are syncing (the write queue toasts once they all have); the
 * servers slow or busy (a burst of guests), that the connection is fine and calls are retried.
 */
export function OfflineBanner() {
  const online = useOnline();
  const busy = useServerBusy();
  const queued = useQueuedWrites();
  if (online && busy) {
    return (
      <Box
        role="status"
        aria-live="polite"
        data-testid="busy-banner"
        bg="blue.subtle"
        color="blue.fg"
        borderBottomWidth="1px"
        px={{ base: '3', md: '6' }}
        py="2"
      >
        <HStack gap="2" align="start" fontSize="sm">
          <AlertIcon boxSize="4" mt="0.5" flexShrink={0} />
          <Text>
            <Text as="span" fontWeight="semibold">
              Gatherly is busy right now.
            </Text>{' '}
            Your connection is fine: what you do is being retried, and everything on screen stays
            usable.
          </Text>
        </HStack>
      </Box>
    );
  }
  if (online && queued === 0) return null;
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
      bg={online ? 'blue.subtle' : 'orange.subtle'}
      color={online ? 'blue.fg' : 'orange.fg'}
      borderBottomWidth="1px"
      px={{ base: '3', md: '6' }}
      py="2"
    >
      <HStack gap="2" align="start" fontSize="sm">
        <AlertIcon boxSize="4" mt="0.5" flexShrink={0} />
        {online ? (
          <Text>Syncing {plural(queued)} saved on this phone…</Text>
        ) : (
          <Text>
            <Text as="span" fontWeight="semibold">
              You&apos;re offline.
            </Text>{' '}
            Changes you make are saved on this phone and sync when you&apos;re back online
            {queued > 0 ? ` (${plural(queued)} waiting)` : ''}. Uploading, inviting, voting and
            joining need a connection.
          </Text>
        )}
      </HStack>
    </Box>
  );
}

/**
 * A small "Offline" (or "Busy") mark for the sticky header, visible however far the page is
 * scrolled.
 */
export function OfflineBadge() {
  const online = useOnline();
  const busy = useServerBusy();
  if (online && busy) {
    return (
      <Badge colorPalette="blue" variant="subtle" flexShrink={0} aria-hidden="true">
        Busy, still trying
      </Badge>
    );
  }
  if (online) return null;
  return (
    <Badge colorPalette="orange" variant="subtle" flexShrink={0} aria-hidden="true">
      Offline
    </Badge>
  );
}
