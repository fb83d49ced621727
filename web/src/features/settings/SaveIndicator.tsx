import { HStack, Spinner, Text } from '@chakra-ui/react';
import { QUEUED_MESSAGE } from '../../lib/offline/write-queue.ts';
import type { SaveStatus } from './use-auto-save.ts';

export function SaveIndicator({ status }: { status: SaveStatus }) {
  if (status === 'idle') return null;
  return (
    <HStack gap="1" fontSize="xs" role="status" aria-live="polite">
      {status === 'saving' && (
        <>
          <Spinner size="xs" />
          <Text color="fg.muted">Saving...</Text>
        </>
      )}
      {status === 'queued' && (
        <Text color={{ base: 'orange.700', _dark: 'orange.300' }}>{QUEUED_MESSAGE}</Text>
      )}
      {status === 'saved' && <Text color={{ base: 'green.700', _dark: 'green.300' }}>✓ Saved</Text>}
      {status === 'error' && <Text color="fg.error">Save failed</Text>}
    </HStack>
  );
}
