import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  Image,
  Progress,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFirestore, useStorage } from 'reactfire';
import { bannerSlides, MAX_BANNER_SLIDES, type BannerSlide } from '@gatherly/domain/banner';
import { eventCountdownText, formatLongDate } from '@gatherly/domain/dates';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { showToast } from '../../components/toaster.tsx';
import { ZonedTime } from '../../components/ZonedTime.tsx';
import { describeError, isConnectionFailure } from '../../lib/errors.ts';
import { commitWrite } from '../../lib/offline/commit-write.ts';
import { requireConnection, showQueuedToast } from '../../lib/offline/offline-toast.ts';
import type { GatherlyEvent } from '../../lib/types.ts';
import type { GalleryPhoto } from '../photos/data.ts';
import { useDownloadUrl } from '../photos/storage-url.ts';
import { downloadEventIcs } from './calendar.ts';
import { saveBannerSettings } from './data.ts';
import { useBannerRotation } from './use-banner-rotation.ts';
import { CalendarIcon, MapPinIcon, UsersIcon } from '../../components/icons.tsx';
import { eventHref } from '../../lib/paths.ts';

interface Props {
  event: GatherlyEvent;
  photos: readonly GalleryPhoto[];
  memberCount: number | null;
  isAdmin: boolean;
}

function SlideImage({
  slide,
  fit,
}: {
  slide: BannerSlide<GalleryPhoto>;
  fit: 'cover' | 'contain';
}) {
  const path =
    slide.kind === 'custom'
      ? slide.objectPath
      : slide.kind === 'photo'
        ? slide.photo.objectPath
        : null;
  const stored = useDownloadUrl(path);
  const url = slide.kind === 'logo' || slide.kind === 'avatar' ? slide.url : stored.url;
  const [broken, setBroken] = useState<string | null>(null);
  if (!url || broken === url) return null;
  return (
    <Image
      src={url}
      alt=""
      position="absolute"
      inset="0"
      width="100%"
      height="100%"
      objectFit={slide.kind === 'avatar' || slide.kind === 'logo' ? 'contain' : fit}
      onError={() => setBroken(url)}
    />
  );
}

export function EventBanner({ event, photos, memberCount, isAdmin }: Props) {
  const db = useFirestore();
  const storage = useStorage();
  const settings = event.bannerSettings;
  const slides = useMemo(
    () =>
      bannerSlides({
        customBannerImage: settings.customBannerImage,
        photos,
        customLogo: event.customLogo,
        eventName: event.name,
      }).slice(0, MAX_BANNER_SLIDES),
    [settings.customBannerImage, photos, event.customLogo, event.name],
  );
  const [hovered, setHovered] = useState(false);
  const [index, setIndex] = useBannerRotation(
    slides.length,
    settings.rotateInterval,
    settings.autoRotate,
    hovered,
  );
  const slide = slides[index] ?? slides[0];
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const fullWidth = settings.style === 'full-width';
  // Days are counted on the event's own calendar, wherever the viewer is.
  const zone = eventTimeZone(event);
  const countdown = eventCountdownText(event);

  const updateSettings = async (change: Partial<typeof settings>) => {
    try {
      const outcome = await commitWrite(db, () =>
        saveBannerSettings(db, event.id, { ...settings, ...change }),
      );
      if (outcome === 'queued') showQueuedToast('Banner settings updated!');
      else
        showToast({
          title: 'Banner settings updated!',
          description: 'Your banner configuration has been saved.',
          status: 'success',
        });
    } catch (err) {
      console.error('Banner settings failed', err);
      showToast({
        title: 'Error',
        description: 'Could not save the banner settings. Please try again.',
        status: 'error',
      });
    }
  };

  const onBannerFile = async (file: File | undefined) => {
    if (!file) {
      showToast({
        title: 'Upload failed',
        description: 'No file was uploaded successfully',
        status: 'error',
      });
      return;
    }
    if (!requireConnection('Uploading a banner')) return;
    setUploadProgress(0);
    // The compression library loads with the first banner upload, not with the dashboard.
    let BannerUploadError: typeof import('./banner-upload.ts').BannerUploadError | null = null;
    try {
      const upload = await import('./banner-upload.ts');
      BannerUploadError = upload.BannerUploadError;
      await upload.uploadBanner(storage, event.id, file, setUploadProgress);
      setIndex(0);
      showToast({
        title: 'Banner updated successfully!',
        description: 'Your new banner image is now live',
        status: 'success',
      });
    } catch (err) {
      console.error('Banner upload failed', err);
      const failure = BannerUploadError && err instanceof BannerUploadError ? err : null;
      const reason = failure ? failure.reason : err;
      const description =
        failure?.stage === 'rejected'
          ? failure.message
          : isConnectionFailure(reason)
            ? 'Please check your connection and try again'
            : failure?.stage === 'save'
              ? 'No file was uploaded successfully'
              : describeError(reason, 'The image could not be uploaded. Please try another photo.');
      showToast({ title: 'Upload failed', description, status: 'error' });
    } finally {
      setUploadProgress(null);
    }
  };

  return (
    <Box
      position="relative"
      overflow="hidden"
      borderRadius={fullWidth ? '0' : 'l3'}
      minH="200px"
      h={{ base: '260px', md: '360px' }}
      maxH="60vh"
      bg="gray.900"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      data-testid="event-banner"
      data-style={settings.style}
      // Its own dark backdrop: controls keep Chakra's colours, not the page's (app/system.ts).
      data-panel=""
    >
      {slide && <SlideImage key={index} slide={slide} fit={fullWidth ? 'cover' : 'contain'} />}
      <Box
        position="absolute"
        inset="0"
        bgGradient="to-t"
        gradientFrom="blackAlpha.800"
        gradientVia="blackAlpha.400"
        gradientTo="blackAlpha.100"
      />
      {slide?.kind === 'photo' && slide.featured && (
        <Badge position="absolute" top="3" left="3" colorPalette="yellow" variant="solid">
          Featured Photo
        </Badge>
      )}
      <HStack position="absolute" top="3" right="3" gap="2">
        {event.startDate && (
          <Button size="xs" variant="subtle" onClick={() => void downloadEventIcs(event)}>
            Add to calendar
          </Button>
        )}
        {isAdmin && (
          <>
            <Button size="xs" variant="subtle" asChild>
              <Link to={eventHref(event.id, 'members')}>Invite</Link>
            </Button>
            <Button size="xs" variant="subtle" asChild>
              <Link to={eventHref(event.id, 'settings')}>Settings</Link>
            </Button>
          </>
        )}
      </HStack>
      <Stack
        position="absolute"
        left="0"
        right="0"
        bottom="0"
        p={{ base: '4', md: '6' }}
        gap="2"
        color="white"
      >
        <Heading size={{ base: 'xl', md: '3xl' }} lineClamp={2}>
          {event.name}
        </Heading>
        <Flex
          gap={{ base: '2', md: '4' }}
          wrap="wrap"
          fontSize={{ base: 'sm', md: 'md' }}
          opacity={0.95}
        >
          <HStack gap="1">
            <CalendarIcon />
            <Text data-testid="banner-date">
              {formatLongDate(event.startDate, zone)}
              {event.startDate && (
                <>
                  {', '}
                  <ZonedTime
                    value={event.startDate}
                    timeZone={zone}
                    format="time"
                    hintColor="whiteAlpha.800"
                  />
                </>
              )}
            </Text>
          </HStack>
          {event.location && (
            <HStack gap="1">
              <MapPinIcon /> <Text>{event.location}</Text>
            </HStack>
          )}
          {memberCount !== null && (
            <HStack gap="1">
              <UsersIcon />
              <Text>
                {memberCount} {memberCount === 1 ? 'member' : 'members'}
              </Text>
            </HStack>
          )}
          {countdown && (
            <Badge colorPalette="brand" variant="solid" alignSelf="center">
              {countdown}
            </Badge>
          )}
        </Flex>
        {isAdmin && (
          <HStack gap="3" wrap="wrap" fontSize="xs">
            <Button
              size="xs"
              colorPalette="brand"
              onClick={() => fileInput.current?.click()}
              disabled={uploadProgress !== null}
            >
              {uploadProgress !== null
                ? `Uploading ${Math.round(uploadProgress)}%`
                : 'Upload Banner'}
            </Button>
            <Switch.Root
              size="sm"
              colorPalette="brand"
              checked={settings.autoRotate}
              onCheckedChange={(e) => void updateSettings({ autoRotate: e.checked })}
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label color="white">Auto-rotate</Switch.Label>
            </Switch.Root>
            <Switch.Root
              size="sm"
              colorPalette="brand"
              checked={fullWidth}
              onCheckedChange={(e) =>
                void updateSettings({ style: e.checked ? 'full-width' : 'contained' })
              }
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label color="white">Full width</Switch.Label>
            </Switch.Root>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              data-testid="banner-file-input"
              onChange={(e) => {
                void onBannerFile(e.currentTarget.files?.[0]);
                e.currentTarget.value = '';
              }}
            />
          </HStack>
        )}
        {uploadProgress !== null && (
          <Progress.Root
            value={uploadProgress}
            size="xs"
            colorPalette="brand"
            aria-label="Banner upload progress"
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
      </Stack>
      {slides.length > 1 && (
        <HStack
          position="absolute"
          bottom="3"
          right="4"
          gap="1.5"
          role="tablist"
          aria-label="Banner images"
        >
          {slides.map((s, i) => (
            <Box
              as="button"
              key={s.kind === 'photo' ? s.photo.id : `${s.kind}-${i}`}
              role="tab"
              aria-selected={i === index}
              aria-label={`Show banner image ${i + 1}`}
              w={i === index ? '5' : '2'}
              h="2"
              borderRadius="full"
              bg={i === index ? 'white' : 'whiteAlpha.600'}
              transition="width 0.2s"
              onClick={() => setIndex(i)}
            />
          ))}
        </HStack>
      )}
    </Box>
  );
}
