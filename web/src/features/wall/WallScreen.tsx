// The photo wall's screen (docs/product.md, "Photo wall"): one photo at a time over a blurred
// copy of itself, the event's name, logo and colours, the uploader and caption, and a corner QR
// code. Landscape-first, sized in viewport units so a 720p and a 4K TV look alike. Keys (and a
// TV remote's arrows and OK): Space/K pause, →/N next, ←/P previous, F fullscreen.
import { Box, Center, Flex, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readableTextColor, toRgba } from '@gatherly/domain/color';
import { DEFAULT_THEME_COLORS } from '@gatherly/domain/entities/events';
import {
  DEFAULT_WALL_PACE_SECONDS,
  WALL_MESSAGES,
  upcoming,
  type WallPhoto,
} from '@gatherly/domain/wall';
import { HeartIcon } from '../../components/icons.tsx';
import {
  FullscreenIcon,
  NextIcon,
  PauseIcon,
  PlayIcon,
  PreviousIcon,
  StarIcon,
} from './wall-icons.tsx';
import type { WallFeedState } from './use-wall-feed.ts';

/** A new upload waits at least this long after the last change of photo (no flicker in a burst). */
const FRESH_DWELL_MS = 800;
/** A next image that failed to load is tried again (offline) or passed over (online) after this. */
const IMAGE_RETRY_MS = 3000;
/** The on-screen controls hide after this long without a key or a pointer move. */
const CONTROLS_IDLE_MS = 3000;

export const OFFLINE_NOTE = 'Offline — showing the photos we have';
export const EMPTY_NOTE = 'No photos yet. Scan the code to share the first one.';

/** The QR code of `url` as a data URL (the library loads with the first code). */
function useQrCode(url: string | null): string | null {
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 480 }))
      .then(
        (image) => live && setQr({ url, image }),
        (err: unknown) => console.error('Drawing the wall QR code failed', err),
      );
    return () => {
      live = false;
    };
  }, [url]);
  return qr && qr.url === url ? qr.image : null;
}

function toggleFullscreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  else void document.documentElement.requestFullscreen().catch(() => undefined);
}

/** Whether the next photo's image is loaded ahead ('none': there is no next photo). */
type NextImage = 'none' | 'loading' | 'ready' | 'failed';

/**
 * Advances the rotation at the host's pace, sooner for a new upload, never while paused, and
 * only once the next photo's image has loaded: the screen never changes to a photo it cannot
 * show (offline at the venue it keeps the one it has).
 */
function useRotationClock(state: WallFeedState, paused: boolean, next: NextImage): void {
  const { rotation, dispatch, branding } = state;
  const pace = (branding?.paceSeconds ?? DEFAULT_WALL_PACE_SECONDS) * 1000;
  const shownAt = useRef(0);
  const current = rotation.current;
  const hasFresh = rotation.fresh.length > 0;
  useEffect(() => {
    shownAt.current = Date.now();
  }, [current]);
  const waiting = next === 'loading' || next === 'failed';
  useEffect(() => {
    if (paused || current === null || waiting) return;
    const stay = hasFresh ? FRESH_DWELL_MS : pace;
    const wait = Math.max(0, shownAt.current + stay - Date.now());
    const timer = setTimeout(() => dispatch({ type: 'next' }), wait);
    return () => clearTimeout(timer);
  }, [paused, current, hasFresh, pace, dispatch, waiting]);
}

/**
 * Loads the next photo's images ahead, so it appears at once. An image that fails is tried
 * again after IMAGE_RETRY_MS while the wall is offline; online it is broken (a deleted photo)
 * and the rotation passes over it.
 */
function useNextImage(photo: WallPhoto | null, state: WallFeedState): NextImage {
  const url = photo?.imageUrl ?? null;
  const thumb = photo?.thumbUrl ?? '';
  const { dispatch, connection } = state;
  const [loaded, setLoaded] = useState<{ url: string; ok: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The loaded images are held until the next ones: while they live the browser hands the same
  // image to the screen's <img> without asking the server again (download URLs say max-age=0),
  // so the photo appears at once, offline too.
  const held = useRef<HTMLImageElement[]>([]);
  useEffect(() => {
    if (!url) return;
    let live = true;
    const image = new window.Image();
    image.onload = () => live && setLoaded({ url, ok: true });
    image.onerror = () => live && setLoaded({ url, ok: false });
    image.src = url;
    const backdrop = new window.Image();
    if (thumb) backdrop.src = thumb;
    held.current = [image, backdrop];
    return () => {
      live = false;
    };
  }, [url, thumb, attempt]);
  const status: NextImage =
    url === null ? 'none' : loaded?.url !== url ? 'loading' : loaded.ok ? 'ready' : 'failed';
  const online = connection === 'live';
  useEffect(() => {
    if (status !== 'failed') return;
    const timer = setTimeout(() => {
      if (online && navigator.onLine) {
        dispatch({ type: 'skip' });
      } else {
        setLoaded(null);
        setAttempt((n) => n + 1);
      }
    }, IMAGE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [status, online, dispatch]);
  return status;
}

export function WallScreen({ state }: { state: WallFeedState }) {
  const { rotation, dispatch, branding, connection } = state;
  const [paused, setPaused] = useState(false);
  const [controls, setControls] = useState(true);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useRotationClock(state, paused, useNextImage(upcoming(rotation), state));
  const qr = useQrCode(branding?.qrUrl ?? null);

  const wake = useCallback(() => {
    setControls(true);
    clearTimeout(idle.current);
    idle.current = setTimeout(() => setControls(false), CONTROLS_IDLE_MS);
  }, []);
  // The controls show at first and hide once the screen is left alone.
  useEffect(() => {
    idle.current = setTimeout(() => setControls(false), CONTROLS_IDLE_MS);
    return () => clearTimeout(idle.current);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const key = e.key.toLowerCase();
      const act: Record<string, () => void> = {
        ' ': () => setPaused((p) => !p),
        k: () => setPaused((p) => !p),
        enter: () => setPaused((p) => !p),
        mediaplaypause: () => setPaused((p) => !p),
        arrowright: () => dispatch({ type: 'next' }),
        n: () => dispatch({ type: 'next' }),
        arrowleft: () => dispatch({ type: 'previous' }),
        p: () => dispatch({ type: 'previous' }),
        f: toggleFullscreen,
      };
      const run = act[key];
      if (!run) return;
      // A focused control button handles its own Enter/Space.
      if ((key === 'enter' || key === ' ') && e.target instanceof HTMLButtonElement) return;
      e.preventDefault();
      run();
      wake();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, wake]);

  const colors = branding?.colors ?? DEFAULT_THEME_COLORS;
  const chrome = toRgba(colors.surface, 0.82);
  const chromeText = readableTextColor(colors.surface);
  const photo = rotation.current ? (rotation.pool[rotation.current] ?? null) : null;

  if (typeof connection === 'object') {
    return (
      <Center
        position="fixed"
        inset="0"
        bg={colors.background}
        color={readableTextColor(colors.background)}
        p="8vh"
        data-testid="wall-gone"
      >
        <Text fontSize="4vh" fontWeight="semibold" textAlign="center" maxW="70vw" role="alert">
          {connection.gone}
        </Text>
      </Center>
    );
  }

  return (
    <Box
      position="fixed"
      inset="0"
      overflow="hidden"
      bg="black"
      onPointerMove={wake}
      cursor={controls ? 'default' : 'none'}
      data-testid="wall"
      data-current={photo?.id ?? ''}
    >
      {photo ? (
        <WallPhotoView
          key={photo.id}
          photo={photo}
          onFailed={() =>
            dispatch({ type: 'feed', feed: { full: false, photos: [], removed: [photo.id] } })
          }
        />
      ) : (
        <Center position="absolute" inset="0" bg={colors.background} p="8vh">
          <Text
            fontSize="3.6vh"
            color={readableTextColor(colors.background)}
            textAlign="center"
            data-testid="wall-empty"
          >
            {connection === 'loading' ? '' : EMPTY_NOTE}
          </Text>
        </Center>
      )}

      {branding && (
        <HStack
          position="absolute"
          top="3vh"
          left="3vh"
          gap="1.5vh"
          px="2vh"
          py="1.2vh"
          borderRadius="1.5vh"
          bg={chrome}
          color={chromeText}
          borderLeft="0.6vh solid"
          borderColor={colors.primary}
          maxW="60vw"
        >
          {branding.logoUrl && (
            <Image src={branding.logoUrl} alt="" h="5vh" maxW="12vh" objectFit="contain" />
          )}
          <Text fontSize="3vh" fontWeight="bold" truncate>
            {branding.eventName}
          </Text>
        </HStack>
      )}

      {(paused || connection === 'offline') && (
        <Text
          position="absolute"
          top="3vh"
          right="3vh"
          px="2vh"
          py="1vh"
          borderRadius="1.5vh"
          bg={chrome}
          color={chromeText}
          fontSize="2.2vh"
          role="status"
          data-testid="wall-status"
        >
          {connection === 'offline' ? OFFLINE_NOTE : 'Paused'}
        </Text>
      )}

      {photo && (photo.caption || photo.uploaderName) && (
        <Stack
          position="absolute"
          left="3vh"
          bottom="3vh"
          maxW="55vw"
          gap="0.4vh"
          px="2.4vh"
          py="1.6vh"
          borderRadius="1.5vh"
          bg={chrome}
          color={chromeText}
          data-testid="wall-caption"
        >
          <HStack gap="1.2vh" fontSize="2.4vh" fontWeight="semibold">
            {photo.featured && (
              <Box color={colors.tertiary} aria-label="Featured" display="inline-flex">
                <StarIcon fill="currentColor" />
              </Box>
            )}
            <Text truncate>{photo.uploaderName}</Text>
            {photo.votes > 0 && (
              <HStack gap="0.5vh" color={colors.secondary} aria-label={`${photo.votes} votes`}>
                <HeartIcon fill="currentColor" />
                <Text>{photo.votes}</Text>
              </HStack>
            )}
          </HStack>
          {photo.caption && (
            <Text fontSize="3vh" lineClamp={2}>
              {photo.caption}
            </Text>
          )}
        </Stack>
      )}

      {qr && (
        <Stack
          position="absolute"
          right="3vh"
          bottom="3vh"
          align="center"
          gap="1vh"
          p="1.6vh"
          borderRadius="1.5vh"
          bg={chrome}
          color={chromeText}
          data-testid="wall-qr"
        >
          <Box bg="white" p="0.8vh" borderRadius="1vh">
            <Image src={qr} alt="QR code to share your photos" w="18vh" h="18vh" />
          </Box>
          <Text fontSize="2vh" fontWeight="semibold" maxW="20vh" textAlign="center">
            {WALL_MESSAGES.caption}
          </Text>
        </Stack>
      )}

      <Flex
        position="absolute"
        bottom="3vh"
        left="50%"
        transform="translateX(-50%)"
        gap="1.5vh"
        p="1vh"
        borderRadius="full"
        bg={chrome}
        opacity={controls ? 1 : 0}
        transition="opacity 0.3s"
        pointerEvents={controls ? 'auto' : 'none'}
        aria-hidden={!controls}
      >
        <IconButton
          aria-label="Previous photo"
          variant="ghost"
          color={chromeText}
          onClick={() => dispatch({ type: 'previous' })}
        >
          <PreviousIcon />
        </IconButton>
        <IconButton
          aria-label={paused ? 'Play' : 'Pause'}
          variant="ghost"
          color={chromeText}
          onClick={() => setPaused((p) => !p)}
          data-testid="wall-pause"
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </IconButton>
        <IconButton
          aria-label="Next photo"
          variant="ghost"
          color={chromeText}
          onClick={() => dispatch({ type: 'next' })}
        >
          <NextIcon />
        </IconButton>
        <IconButton
          aria-label="Fullscreen"
          variant="ghost"
          color={chromeText}
          onClick={toggleFullscreen}
        >
          <FullscreenIcon />
        </IconButton>
      </Flex>
    </Box>
  );
}

/** A photo over its blurred backdrop (no black bars, portrait or landscape). */
function WallPhotoView({ photo, onFailed }: { photo: WallPhoto; onFailed: () => void }) {
  const backdrop = photo.thumbUrl || photo.imageUrl;
  return (
    <Box position="absolute" inset="0" animation="fade-in 0.6s ease-out">
      <Image
        src={backdrop}
        alt=""
        position="absolute"
        inset="-5%"
        w="110%"
        h="110%"
        maxW="none"
        objectFit="cover"
        filter="blur(40px) brightness(0.55)"
        aria-hidden
      />
      <Image
        src={photo.imageUrl}
        alt={photo.caption || `Photo by ${photo.uploaderName}`}
        position="absolute"
        inset="0"
        w="100%"
        h="100%"
        objectFit="contain"
        onError={onFailed}
        data-testid="wall-photo"
        data-photo-id={photo.id}
      />
    </Box>
  );
}
