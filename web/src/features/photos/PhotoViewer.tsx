// The full-screen photo viewer (docs/product.md, "Photos"; decisions.md, "Photo viewer"): one
// photo at a time with its caption, uploader, votes, the Featured flag, download and delete.
// Loaded on demand: the gallery and the dashboard never download it until a photo is opened.
import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  IconButton,
  Image,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Dialog } from '../../components/chakra/Dialog.ts';
import { useEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { HeartIcon, TrashIcon } from '../../components/icons.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { ZonedTime } from '../../components/ZonedTime.tsx';
import { describeError } from '../../lib/errors.ts';
import { requireConnection } from '../../lib/offline/offline-toast.ts';
import { deletePhoto, type GalleryPhoto, type PhotoByIdState } from './data.ts';
import { useImageFailed } from '../../lib/use-image-failed.ts';
import { WallToggle } from '../wall/WallToggle.tsx';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  DownloadIcon,
  StarIcon,
} from './viewer-icons.tsx';

/** A horizontal swipe longer than this (px) and wider than tall moves to the next photo. */
const SWIPE_PX = 50;

export interface PhotoViewerProps {
  open: boolean;
  /** The photo shown: from the loaded gallery pages, or read by its id (a deep link). */
  current: PhotoByIdState;
  /** Its neighbours in the loaded gallery window (null at either end or outside it). */
  previous: GalleryPhoto | null;
  next: GalleryPhoto | null;
  /** "3 of 20" within the loaded window, when the photo is in it. */
  position: { index: number; count: number } | null;
  timeZone: string;
  canFeature: boolean;
  canDelete(photo: GalleryPhoto): boolean;
  voting: boolean;
  onVote(photo: GalleryPhoto): void;
  onToggleFeatured(photo: GalleryPhoto): void;
  onNavigate(photo: GalleryPhoto): void;
  onDeleted(photo: GalleryPhoto): void;
  onClose(): void;
}

export default function PhotoViewer(props: PhotoViewerProps) {
  const { open, current, previous, next, onNavigate, onClose } = props;
  // Mounted closed, then opened: a dialog mounted already open closes at once (docs/web.md,
  // "Chakra gotcha").
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the closed-then-open commit is the point (docs/web.md, "Chakra gotcha")
  useEffect(() => setMounted(true), []);
  const [confirming, setConfirming] = useState(false);
  const touch = useRef<{ x: number; y: number } | null>(null);
  // Focus starts on the viewer itself: no button wears a focus ring on open, and keys work at once.
  const content = useRef<HTMLDivElement>(null);
  // The photo being deleted stays on screen until the viewer moves on (its live listener may
  // drop it before the request answers).
  const [deleting, setDeleting] = useState<GalleryPhoto | null>(null);
  const photo = current.status === 'found' ? current.photo : deleting;

  const onKeyDown = (e: KeyboardEvent) => {
    if (confirming || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowLeft' && previous) {
      e.preventDefault();
      onNavigate(previous);
    } else if (e.key === 'ArrowRight' && next) {
      e.preventDefault();
      onNavigate(next);
    }
  };
  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touch.current = t && e.touches.length === 1 ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
    const target = dx < 0 ? next : previous;
    if (target) onNavigate(target);
  };

  return (
    <>
      <Dialog.Root
        open={mounted && open}
        size="full"
        motionPreset="none"
        initialFocusEl={() => content.current}
        onOpenChange={(e) => {
          if (!e.open && !confirming) onClose();
        }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content
              ref={content}
              outline="none"
              bg="gray.950"
              color="white"
              colorPalette="gray"
              className="dark"
              data-testid="photo-viewer"
              onKeyDown={onKeyDown}
            >
              <Flex direction="column" h="100dvh" minH="0">
                <HStack
                  px={{ base: '2', md: '4' }}
                  py="2"
                  gap="1"
                  justify="space-between"
                  flexShrink={0}
                >
                  <Text fontSize="sm" color="gray.300" px="2" data-testid="viewer-position">
                    {props.position ? `${props.position.index + 1} of ${props.position.count}` : ''}
                  </Text>
                  <HStack gap="1">
                    {photo && (
                      <ViewerActions
                        {...props}
                        photo={photo}
                        onDelete={() => setConfirming(true)}
                      />
                    )}
                    <Dialog.CloseTrigger asChild position="static">
                      <IconButton aria-label="Close photo" variant="ghost" color="white">
                        <CloseIcon />
                      </IconButton>
                    </Dialog.CloseTrigger>
                  </HStack>
                </HStack>
                <Box
                  position="relative"
                  flex="1"
                  minH="0"
                  onTouchStart={onTouchStart}
                  onTouchEnd={onTouchEnd}
                >
                  {!photo && current.status === 'loading' && (
                    <Flex h="full" align="center" justify="center">
                      <Spinner color="white" aria-label="Loading photo" />
                    </Flex>
                  )}
                  {!photo && current.status === 'missing' && <MissingPhoto onClose={onClose} />}
                  {photo && <FullImage photo={photo} />}
                  <NavButton side="left" target={previous} onNavigate={onNavigate} />
                  <NavButton side="right" target={next} onNavigate={onNavigate} />
                </Box>
                {photo && <PhotoDetails {...props} photo={photo} />}
              </Flex>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      {photo && (
        <DeletePhotoConfirm
          photo={photo}
          open={confirming}
          // The Delete button that opened it is gone once the viewer moves on to a photo this
          // person may not delete; focus left on nothing would read as leaving the viewer.
          finalFocusEl={() => content.current}
          onClose={() => setConfirming(false)}
          onStart={() => setDeleting(photo)}
          onSettled={(deleted) => {
            setConfirming(false);
            if (deleted) props.onDeleted(photo);
            setDeleting(null);
          }}
        />
      )}
    </>
  );
}

/**
 * The original, over its thumbnail (usually cached from the grid, so something shows at once);
 * the thumbnail alone if the original fails.
 */
function FullImage({ photo }: { photo: GalleryPhoto }) {
  const original = useImageFailed(photo.url);
  const thumb = useImageFailed(photo.thumbUrl);
  if (original.failed && thumb.failed) {
    return (
      <Flex h="full" align="center" justify="center" color="gray.300">
        Image unavailable
      </Flex>
    );
  }
  const layer = {
    position: 'absolute',
    inset: '0',
    w: 'full',
    h: 'full',
    objectFit: 'contain',
  } as const;
  return (
    <Box position="relative" h="full" w="full" userSelect="none">
      {!thumb.failed && (
        <Image {...layer} src={photo.thumbUrl} alt="" aria-hidden="true" onError={thumb.onError} />
      )}
      {!original.failed && (
        <Image
          {...layer}
          src={photo.url}
          alt={photo.caption || photo.filename}
          draggable={false}
          onError={original.onError}
          data-testid="viewer-image"
        />
      )}
    </Box>
  );
}

function NavButton({
  side,
  target,
  onNavigate,
}: {
  side: 'left' | 'right';
  target: GalleryPhoto | null;
  onNavigate(photo: GalleryPhoto): void;
}) {
  if (!target) return null;
  return (
    <IconButton
      position="absolute"
      top="50%"
      transform="translateY(-50%)"
      {...(side === 'left' ? { left: { base: '1', md: '4' } } : { right: { base: '1', md: '4' } })}
      aria-label={side === 'left' ? 'Previous photo' : 'Next photo'}
      rounded="full"
      size={{ base: 'sm', md: 'lg' }}
      bg="blackAlpha.600"
      color="white"
      _hover={{ bg: 'blackAlpha.800' }}
      onClick={() => onNavigate(target)}
    >
      {side === 'left' ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </IconButton>
  );
}

/** Featured (admins toggle it; others see the badge), download, delete. */
function ViewerActions({
  photo,
  canFeature,
  canDelete,
  onToggleFeatured,
  onDelete,
}: PhotoViewerProps & { photo: GalleryPhoto; onDelete(): void }) {
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    if (!requireConnection('Downloading a photo')) return;
    setDownloading(true);
    try {
      // Fetched as a blob: a link's `download` name is ignored for another origin's URL.
      const res = await fetch(photo.url);
      if (!res.ok) throw new Error(`The photo could not be downloaded (${res.status}).`);
      const href = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = href;
      link.download = photo.filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch (err) {
      console.error('Download failed', err);
      showToast({
        title: 'Download failed',
        description: describeError(err, 'Could not download the photo. Please try again.'),
        status: 'error',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      {canFeature ? (
        <Button
          size="sm"
          variant="ghost"
          color={photo.isFeatured ? 'yellow.300' : 'white'}
          aria-pressed={photo.isFeatured}
          aria-label={photo.isFeatured ? 'Remove from featured' : 'Mark as featured'}
          onClick={() => onToggleFeatured(photo)}
        >
          <StarIcon fill={photo.isFeatured ? 'currentColor' : 'none'} />
          <Box as="span" display={{ base: 'none', md: 'inline' }}>
            Featured
          </Box>
        </Button>
      ) : (
        photo.isFeatured && (
          <Badge colorPalette="yellow" variant="solid" mr="1">
            Featured
          </Badge>
        )
      )}
      {canFeature && <WallToggle photo={photo} />}
      <Button
        size="sm"
        variant="ghost"
        color="white"
        aria-label="Download original"
        loading={downloading}
        onClick={() => void download()}
      >
        <DownloadIcon />
        <Box as="span" display={{ base: 'none', md: 'inline' }}>
          Download
        </Box>
      </Button>
      {canDelete(photo) && (
        <Button
          size="sm"
          variant="ghost"
          color="red.300"
          aria-label="Delete photo"
          onClick={onDelete}
        >
          <TrashIcon />
          <Box as="span" display={{ base: 'none', md: 'inline' }}>
            Delete
          </Box>
        </Button>
      )}
    </>
  );
}

/** Caption, uploader and upload time, and the vote button. */
function PhotoDetails({
  photo,
  timeZone,
  voting,
  onVote,
}: PhotoViewerProps & { photo: GalleryPhoto }) {
  return (
    <Stack
      px={{ base: '4', md: '6' }}
      pt="3"
      pb={{ base: '5', md: '4' }}
      gap="2"
      flexShrink={0}
      maxW="4xl"
      w="full"
      mx="auto"
    >
      <HStack justify="space-between" align="start" gap="4">
        <Dialog.Title
          fontSize={{ base: 'md', md: 'lg' }}
          fontWeight="semibold"
          lineClamp={3}
          minW="0"
          color={photo.caption ? 'white' : 'gray.400'}
        >
          {photo.caption || photo.filename}
        </Dialog.Title>
        <Button
          size="sm"
          variant="outline"
          flexShrink={0}
          color={photo.userVoted ? 'red.300' : 'white'}
          borderColor="whiteAlpha.400"
          _hover={{ bg: 'whiteAlpha.200' }}
          aria-label={photo.userVoted ? 'Remove vote' : 'Vote for this photo'}
          aria-pressed={photo.userVoted}
          disabled={voting}
          onClick={() => onVote(photo)}
        >
          <HeartIcon fill={photo.userVoted ? 'currentColor' : 'none'} />
        </Button>
        {/* Beside the button, not in it: the button's name is what it does (WCAG 2.5.3). */}
        <Text as="span" color="white" flexShrink={0} data-testid="viewer-vote-count">
          {photo.votes}
        </Text>
      </HStack>
      <HStack gap="2" minW="0" color="gray.300" fontSize="sm">
        <UserAvatar
          name={photo.uploadedByUser.displayName}
          photoURL={photo.uploadedByUser.photoURL}
          size="2xs"
        />
        <Text truncate>
          <Text as="span" color="white" fontWeight="medium">
            {photo.uploadedByUser.displayName}
          </Text>
          {' · '}
          <ZonedTime value={photo.uploadedAt} timeZone={timeZone} hintColor="gray.400" />
        </Text>
      </HStack>
    </Stack>
  );
}

function MissingPhoto({ onClose }: { onClose(): void }) {
  return (
    <Flex
      h="full"
      direction="column"
      align="center"
      justify="center"
      gap="4"
      px="6"
      textAlign="center"
    >
      <Dialog.Title fontSize="lg">Photo not found</Dialog.Title>
      <Text color="gray.300" maxW="md">
        This photo is not in the gallery. It may have been deleted, or the link is incomplete.
      </Text>
      <Button variant="outline" color="white" borderColor="whiteAlpha.500" onClick={onClose}>
        Back to the gallery
      </Button>
    </Flex>
  );
}

/** Asks before deleting; the photo, its votes and its files go for everyone. */
function DeletePhotoConfirm({
  photo,
  open,
  onClose,
  onStart,
  onSettled,
  finalFocusEl,
}: {
  photo: GalleryPhoto;
  open: boolean;
  finalFocusEl(): HTMLElement | null;
  onClose(): void;
  onStart(): void;
  /** After the request: `deleted` false when it failed (a toast said why). */
  onSettled(deleted: boolean): void;
}) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    if (!requireConnection('Deleting a photo')) return;
    setPending(true);
    onStart();
    let deleted = false;
    try {
      await deletePhoto(photo);
      deleted = true;
      showToast({ title: 'Photo deleted', status: 'success' });
    } catch (err) {
      console.error('Photo delete failed', err);
      showToast({
        title: 'Error',
        description: describeError(err, 'Could not delete the photo. Please try again.'),
        status: 'error',
      });
    } finally {
      setPending(false);
      onSettled(deleted);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title="Delete this photo?"
      description={
        <Text>
          {photo.caption ? `“${photo.caption}”` : photo.filename} and its votes will be removed for
          everyone in the event. This cannot be undone.
        </Text>
      }
      confirmLabel="Delete photo"
      pendingLabel="Deleting..."
      destructive
      pending={pending}
      finalFocusEl={finalFocusEl}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
