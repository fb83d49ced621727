import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  Image,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { lazy, Suspense, useId, useMemo, useRef, useState, type FocusEvent } from 'react';
import { Link } from 'react-router-dom';
import { useFirestore } from 'reactfire';
import { bannerSlides, MAX_BANNER_SLIDES } from '@gatherly/domain/banner';
import { eventCountdownText, formatLongDate } from '@gatherly/domain/dates';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { showToast } from '../../lib/toast-store.ts';
import { ZonedTime } from '../../components/ZonedTime.tsx';
import { CalendarIcon, CameraIcon, MapPinIcon, UsersIcon } from '../../components/icons.tsx';
import { useColorMode } from '../../lib/color-mode.tsx';
import { describeError, isConnectionFailure } from '../../lib/errors.ts';
import { commitWrite } from '../../lib/offline/commit-write.ts';
import { requireConnection, showQueuedToast } from '../../lib/offline/offline-toast.ts';
import { eventHref } from '../../lib/paths.ts';
import type { GatherlyEvent } from '../../lib/types.ts';
import type { GalleryPhoto } from '../photos/data.ts';
import { bannerArtwork } from './banner-artwork.ts';
import { BannerArtworkLayer, BannerPhoto, slideImageUrl } from './BannerMedia.tsx';
import { BannerSlideControls } from './BannerSlideControls.tsx';
import { downloadEventIcs } from './event-ics.ts';
import { saveBannerSettings } from './data.ts';
import { useBannerRotation } from './use-banner-rotation.ts';

const BannerSwitches = lazy(() =>
  import('./BannerAdminControls.tsx').then((m) => ({ default: m.BannerSwitches })),
);
const BannerUploadProgress = lazy(() =>
  import('./BannerAdminControls.tsx').then((m) => ({ default: m.BannerUploadProgress })),
);

interface Props {
  event: GatherlyEvent;
  photos: readonly GalleryPhoto[];
  memberCount: number | null;
  isAdmin: boolean;
}

/**
 * Behind text on a photo: at least 62 % black under every line (white text then reads at 4.5:1
 * on any photo, even a white one), fading to nothing above the text.
 */
const SCRIM =
  'linear-gradient(to top, rgba(0, 0, 0, 0.8) 0%, rgba(0, 0, 0, 0.62) calc(100% - 3.5rem), rgba(0, 0, 0, 0) 100%)';

/**
 * The dashboard banner (docs/product.md, "Dashboard"; the design in docs/decisions.md, "Banner"):
 * a picture with the event's name, date, location and members over it, and a toolbar below it
 * with the slide controls, the admins' banner controls and the actions, so nothing covers the
 * picture or another control at any width.
 */
export function EventBanner({ event, photos, memberCount, isAdmin }: Props) {
  const db = useFirestore();
  const { colorMode } = useColorMode();
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
  const artwork = useMemo(
    () => bannerArtwork(event.themeColors, colorMode),
    [event.themeColors, colorMode],
  );
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [index, setIndex] = useBannerRotation(
    slides.length,
    settings.rotateInterval,
    settings.autoRotate,
    hovered || focused || stopped,
  );
  const slide = slides[index] ?? slides[0];
  const imageUrl = slideImageUrl(slide, event.bannerImageUrl);
  // With no image at all the slide is the logo or the generated fallback: the artwork shows it.
  const hasImages = slides.some((s) => s.kind === 'custom' || s.kind === 'photo');
  const stageId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const fullWidth = settings.style === 'full-width';
  // Days are counted on the event's own calendar, wherever the viewer is.
  const zone = eventTimeZone(event);
  const countdown = eventCountdownText(event);
  const onPhoto = imageUrl !== null;
  const textColor = onPhoto ? 'white' : artwork.text;
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;

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
      await upload.uploadBanner(event.id, file, setUploadProgress);
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

  const uploading = uploadProgress !== null;
  const uploadLabel = (idle: string) =>
    uploading ? `Uploading ${Math.round(uploadProgress)}%` : idle;
  const pickFile = () => fileInput.current?.click();
  const leaveFocus = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };
  const hasActions = Boolean(event.startDate) || isAdmin;
  const buttonSize = { base: 'xs', md: 'sm' } as const;
  // On a phone a photo keeps only the title over it: the details go below, on the panel.
  const detailsBelow = onPhoto && phone;
  const details = (
    <Flex
      columnGap={{ base: '3', md: '4' }}
      rowGap="1"
      wrap="wrap"
      fontSize={{ base: 'sm', md: 'md' }}
      data-testid="banner-details"
      {...(detailsBelow ? { px: '4', pt: '3', color: 'fg' } : {})}
    >
      <HStack gap="1.5">
        <CalendarIcon flexShrink={0} />
        <Text data-testid="banner-date">
          {formatLongDate(event.startDate, zone)}
          {event.startDate && (
            <>
              {', '}
              <ZonedTime
                value={event.startDate}
                timeZone={zone}
                format="time"
                hintColor={detailsBelow ? undefined : onPhoto ? 'whiteAlpha.900' : artwork.text}
              />
            </>
          )}
        </Text>
      </HStack>
      {event.location && (
        <HStack gap="1.5" minW="0">
          <MapPinIcon flexShrink={0} /> <Text lineClamp={1}>{event.location}</Text>
        </HStack>
      )}
      {memberCount !== null && (
        <HStack gap="1.5">
          <UsersIcon flexShrink={0} />
          <Text>
            {memberCount} {memberCount === 1 ? 'member' : 'members'}
          </Text>
        </HStack>
      )}
    </Flex>
  );

  return (
    <Box
      position="relative"
      overflow="hidden"
      borderRadius={fullWidth ? '0' : 'l3'}
      borderWidth={fullWidth ? '0' : '1px'}
      borderBottomWidth="1px"
      bg="bg.panel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(e) => setFocused(keyboardFocus(e.target))}
      onBlur={leaveFocus}
      data-testid="event-banner"
      data-style={settings.style}
      // Its toolbar is a panel: controls keep Chakra's colours, not the page's (app/system.ts).
      data-panel=""
    >
      <Flex
        id={stageId}
        data-testid="banner-stage"
        position="relative"
        direction="column"
        minH={{
          base: 'clamp(200px, 60vh, 240px)',
          sm: 'clamp(200px, 60vh, 280px)',
          md: 'clamp(200px, 60vh, 340px)',
          lg: 'clamp(200px, 60vh, 380px)',
        }}
        color={textColor}
        bg={artwork.from}
        {...(slides.length > 1
          ? {
              role: 'tabpanel',
              'aria-label': `Banner image ${index + 1} of ${slides.length}`,
            }
          : {})}
      >
        <BannerArtworkLayer artwork={artwork} />
        {imageUrl && (
          <BannerPhoto key={imageUrl} url={imageUrl} fit={fullWidth ? 'cover' : 'contain'} />
        )}
        <Flex
          position="relative"
          justify="space-between"
          align="flex-start"
          wrap="wrap"
          gap="2"
          px={{ base: '3', md: '4' }}
          pt={{ base: '3', md: '4' }}
        >
          {slide?.kind === 'photo' && slide.featured ? (
            <Badge
              colorPalette="yellow"
              variant="solid"
              size={{ base: 'sm', md: 'md' }}
              boxShadow="sm"
              data-testid="banner-featured"
            >
              Featured Photo
            </Badge>
          ) : slide?.kind === 'logo' ? (
            <BannerLogo url={slide.url} />
          ) : (
            <span />
          )}
          {countdown && (
            <Badge
              size={{ base: 'sm', md: 'md' }}
              variant="solid"
              boxShadow="sm"
              data-testid="banner-countdown"
              {...(onPhoto ? { colorPalette: 'brand' } : { bg: artwork.text, color: artwork.from })}
            >
              {countdown}
            </Badge>
          )}
        </Flex>
        <Stack
          position="relative"
          mt="auto"
          gap={{ base: '1.5', md: '2' }}
          px={{ base: '4', md: '6' }}
          pb={{ base: '4', md: '6' }}
          pt={onPhoto ? { base: '10', md: '14' } : { base: '4', md: '6' }}
          data-testid="banner-text"
          style={onPhoto ? { background: SCRIM } : undefined}
        >
          <Heading
            size={{ base: 'xl', sm: '2xl', md: '3xl' }}
            lineClamp={2}
            textShadow={onPhoto ? '0 1px 2px rgba(0, 0, 0, 0.5)' : undefined}
            data-testid="banner-title"
          >
            {event.name}
          </Heading>
          {!detailsBelow && details}
          {isAdmin && !hasImages && (
            <Button
              alignSelf="flex-start"
              mt="2"
              size={buttonSize}
              bg={artwork.text}
              color={artwork.from}
              _hover={{ opacity: 0.9 }}
              onClick={pickFile}
              disabled={uploading}
              data-testid="banner-add-photo"
            >
              <CameraIcon /> {uploadLabel('Add a banner photo')}
            </Button>
          )}
        </Stack>
      </Flex>

      {detailsBelow && details}
      {(slides.length > 1 || hasActions) && (
        // One wrapping row in the desktop's (and the focus) order; on phones `order` regroups it:
        // slides and Add to calendar, then the admins' buttons, then their switches.
        <Flex
          data-testid="banner-toolbar"
          align="center"
          wrap="wrap"
          columnGap="3"
          rowGap="2"
          px={{ base: '2', md: '4' }}
          py="2"
          mt={detailsBelow ? '2' : undefined}
          borderTopWidth={detailsBelow ? undefined : '1px'}
        >
          {slides.length > 1 && (
            <BannerSlideControls
              count={slides.length}
              index={index}
              onSelect={setIndex}
              controls={stageId}
              playing={settings.autoRotate ? !stopped : null}
              onTogglePlaying={() => setStopped((s) => !s)}
              keys={slides.map((s, i) => (s.kind === 'photo' ? s.photo.id : `${s.kind}-${i}`))}
            />
          )}
          {isAdmin && hasImages && (
            <Button
              size={buttonSize}
              colorPalette="brand"
              order={{ base: 3, md: 0 }}
              onClick={pickFile}
              disabled={uploading}
            >
              <CameraIcon /> {uploadLabel('Upload Banner')}
            </Button>
          )}
          {isAdmin && (
            <HStack gap="3" order={{ base: 6, md: 0 }} data-testid="banner-settings">
              <Suspense fallback={null}>
                <BannerSwitches
                  autoRotate={settings.autoRotate}
                  fullWidth={fullWidth}
                  onAutoRotate={(on) => void updateSettings({ autoRotate: on })}
                  onFullWidth={(on) =>
                    void updateSettings({ style: on ? 'full-width' : 'contained' })
                  }
                />
              </Suspense>
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
          {event.startDate && (
            <Button
              size={buttonSize}
              variant="outline"
              order={{ base: 2, md: 0 }}
              ml={{ base: slides.length > 1 ? 'auto' : '0', md: 'auto' }}
              onClick={() => void downloadEventIcs(event)}
            >
              <CalendarIcon /> Add to calendar
            </Button>
          )}
          {isAdmin && (
            <>
              <Button
                size={buttonSize}
                variant="outline"
                order={{ base: 4, md: 0 }}
                ml={{ md: event.startDate ? '0' : 'auto' }}
                asChild
              >
                <Link to={eventHref(event.id, 'members')}>Invite</Link>
              </Button>
              <Button size={buttonSize} variant="outline" order={{ base: 5, md: 0 }} asChild>
                <Link to={eventHref(event.id, 'settings')}>Settings</Link>
              </Button>
            </>
          )}
        </Flex>
      )}
      {uploading && (
        <Suspense fallback={null}>
          <BannerUploadProgress value={uploadProgress} />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * Keyboard focus inside the banner pauses its rotation (a mouse click on a dot or a switch does
 * not: the pointer leaving resumes it, as for hover).
 */
function keyboardFocus(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true; // a browser without :focus-visible: any focus pauses
  }
}

/** The event's logo on the artwork, on a white tile so any logo reads; hidden if it fails. */
function BannerLogo({ url }: { url: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <span />;
  return (
    <Box bg="white" borderRadius="l3" p="1.5" boxShadow="md" data-testid="banner-logo">
      <Image
        src={url}
        alt=""
        boxSize={{ base: '12', md: '16' }}
        objectFit="contain"
        onError={() => setBroken(true)}
      />
    </Box>
  );
}
