import { Box, Button, useBreakpointValue } from '@chakra-ui/react';
import { lazy, Suspense, useId, useMemo, useRef, useState, type FocusEvent } from 'react';
import { bannerSlides, MAX_BANNER_SLIDES } from '@gatherly/domain/banner';
import { eventCountdownText } from '@gatherly/domain/dates';
import { CameraIcon } from '../../components/icons.tsx';
import { useColorMode } from '../../lib/color-mode.tsx';
import type { GatherlyEvent } from '../../lib/types.ts';
import type { GalleryPhoto } from '../photos/data.ts';
import { bannerArtwork } from './banner-artwork.ts';
import { BannerDetails } from './BannerDetails.tsx';
import { slideImageUrl } from './BannerMedia.tsx';
import { BannerSlideControls } from './BannerSlideControls.tsx';
import { BannerStage } from './BannerStage.tsx';
import { BANNER_BUTTON_SIZE, BannerToolbar, uploadLabel } from './BannerToolbar.tsx';
import { useBannerSettingsUpdate, useBannerUpload } from './use-banner-admin.ts';
import { useBannerRotation } from './use-banner-rotation.ts';

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
 * The dashboard banner (docs/product.md, "Dashboard"; the design in docs/decisions.md, "Banner design"):
 * a picture with the event's name, date, location and members over it, and a toolbar below it
 * with the slide controls, the admins' banner controls and the actions, so nothing covers the
 * picture or another control at any width. Hovering it, or keyboard focus in it, pauses the
 * rotation.
 */
export function EventBanner({ event, photos, memberCount, isAdmin }: Props) {
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
  const updateSettings = useBannerSettingsUpdate(event.id, settings);
  const banner = useBannerUpload(event.id, () => setIndex(0));
  const fullWidth = settings.style === 'full-width';
  const onPhoto = imageUrl !== null;
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;

  const pickFile = () => fileInput.current?.click();
  const leaveFocus = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };
  const hasActions = Boolean(event.startDate) || isAdmin;
  // On a phone a photo keeps only the title over it: the details go below, on the panel.
  const detailsBelow = onPhoto && phone;
  const details = (
    <BannerDetails
      event={event}
      memberCount={memberCount}
      below={detailsBelow}
      hintColor={onPhoto ? 'whiteAlpha.900' : artwork.text}
    />
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
      <BannerStage
        id={stageId}
        name={event.name}
        slide={slide}
        position={slides.length > 1 ? { index, count: slides.length } : null}
        artwork={artwork}
        imageUrl={imageUrl}
        fit={fullWidth ? 'cover' : 'contain'}
        // Days are counted on the event's own calendar, wherever the viewer is.
        countdown={eventCountdownText(event)}
        details={!detailsBelow && details}
        addPhoto={
          isAdmin &&
          !hasImages && (
            <Button
              alignSelf="flex-start"
              mt="2"
              size={BANNER_BUTTON_SIZE}
              bg={artwork.text}
              color={artwork.from}
              _hover={{ opacity: 0.9 }}
              onClick={pickFile}
              disabled={banner.progress !== null}
              data-testid="banner-add-photo"
            >
              <CameraIcon /> {uploadLabel('Add a banner photo', banner.progress)}
            </Button>
          )
        }
      />
      {detailsBelow && details}
      {(slides.length > 1 || hasActions) && (
        <BannerToolbar
          event={event}
          isAdmin={isAdmin}
          slideControls={
            slides.length > 1 && (
              <BannerSlideControls
                count={slides.length}
                index={index}
                onSelect={setIndex}
                controls={stageId}
                playing={settings.autoRotate ? !stopped : null}
                onTogglePlaying={() => setStopped((s) => !s)}
                keys={slides.map((s, i) => (s.kind === 'photo' ? s.photo.id : `${s.kind}-${i}`))}
              />
            )
          }
          hasImages={hasImages}
          uploadProgress={banner.progress}
          fileInput={fileInput}
          onPickFile={pickFile}
          onFile={(file) => void banner.upload(file)}
          onUpdateSettings={(change) => void updateSettings(change)}
          attached={detailsBelow}
        />
      )}
      {banner.progress !== null && (
        <Suspense fallback={null}>
          <BannerUploadProgress value={banner.progress} />
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
