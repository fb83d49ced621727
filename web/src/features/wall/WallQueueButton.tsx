// The admins' wall queue on the Photos page (docs/product.md, "Photo wall"): with "Approve photos
// before they appear on the wall" on, new uploads wait here, oldest first, with a count badge
// (the server's exact count() of waiting photos); each is approved or hidden.
import {
  Badge,
  Box,
  Button,
  CloseButton,
  HStack,
  Image,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import type { WallQueue } from '@gatherly/domain/wall';
import { Dialog } from '../../components/chakra/Dialog.ts';
import { describeError } from '../../lib/errors.ts';
import { useOnline } from '../../lib/offline/connectivity.ts';
import { showToast } from '../../lib/toast-store.ts';
import { loadWallQueue, setPhotoWallState } from './data.ts';

/** How often the badge asks again while the page is open (another admin's decisions). */
const REFRESH_MS = 30_000;

/**
 * `photoCount`: the event's live photo total (use-event-stats.ts). A new upload changes it, so
 * the queue asks again within a second of the upload instead of on the next refresh.
 */
export function WallQueueButton({
  eventId,
  photoCount,
}: {
  eventId: string;
  photoCount: number | null;
}) {
  const [queue, setQueue] = useState<WallQueue | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const online = useOnline();

  const refresh = useCallback(
    () =>
      loadWallQueue(eventId).then(setQueue, (err: unknown) =>
        console.error('Loading the wall queue failed', err),
      ),
    [eventId],
  );
  useEffect(() => {
    if (!online) return;
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [online, refresh, photoCount]);

  const decide = async (photoId: string, state: 'shown' | 'hidden') => {
    setBusy(photoId);
    try {
      await setPhotoWallState(eventId, photoId, state);
      await refresh();
    } catch (err) {
      showToast({
        title: 'Error',
        description: describeError(err, 'Could not change the photo wall. Please try again.'),
        status: 'error',
      });
    } finally {
      setBusy(null);
    }
  };

  if (!queue || (queue.count === 0 && !open)) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="wall-queue-button">
        Wall Queue
        <Badge colorPalette="brand" variant="solid" data-testid="wall-queue-count">
          {queue.count}
        </Badge>
      </Button>
      <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="center" size="lg">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Wall Queue ({queue.count})</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {queue.photos.length === 0 ? (
                  <Text color="fg.muted">Nothing is waiting for the wall.</Text>
                ) : (
                  <Stack gap="3">
                    {queue.photos.map((p) => (
                      <HStack key={p.id} gap="3" align="center">
                        <Box w="20" h="20" flexShrink={0} borderRadius="l2" overflow="hidden">
                          <Image
                            src={p.thumbUrl || p.imageUrl}
                            alt={p.caption || `Photo by ${p.uploaderName}`}
                            w="full"
                            h="full"
                            objectFit="cover"
                          />
                        </Box>
                        <Stack gap="0" flex="1" minW="0">
                          <Text fontWeight="semibold" truncate>
                            {p.uploaderName}
                          </Text>
                          <Text textStyle="sm" color="fg.muted" truncate>
                            {p.caption}
                          </Text>
                        </Stack>
                        <Button
                          size="sm"
                          colorPalette="brand"
                          disabled={busy !== null}
                          loading={busy === p.id}
                          onClick={() => void decide(p.id, 'shown')}
                        >
                          Approve
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busy !== null}
                          onClick={() => void decide(p.id, 'hidden')}
                        >
                          Hide
                        </Button>
                      </HStack>
                    ))}
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
