import { Button, Flex, HStack } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { BannerSettings } from '@gatherly/domain/entities/events';
import { CalendarIcon, CameraIcon } from '../../components/icons.tsx';
import { eventHref } from '../../lib/paths.ts';
import type { GatherlyEvent } from '../../lib/types.ts';
import { downloadEventIcs } from './event-ics.ts';

const BannerSwitches = lazy(() =>
  import('./BannerAdminControls.tsx').then((m) => ({ default: m.BannerSwitches })),
);

/** The banner's buttons: extra small on phones. */
export const BANNER_BUTTON_SIZE = { base: 'xs', md: 'sm' } as const;

/** An upload button's text: `idle`, or the progress while an upload runs. */
export function uploadLabel(idle: string, progress: number | null): string {
  return progress === null ? idle : `Uploading ${Math.round(progress)}%`;
}

/**
 * The toolbar under the picture: the slide controls, the admins' upload button and switches, Add
 * to calendar, and the admins' Invite and Settings links. One wrapping row in the desktop's (and
 * the focus) order; on phones `order` regroups it: slides and Add to calendar, then the admins'
 * buttons, then their switches.
 */
export function BannerToolbar({
  event,
  isAdmin,
  slideControls,
  hasImages,
  uploadProgress,
  fileInput,
  onPickFile,
  onFile,
  onUpdateSettings,
  attached,
}: {
  event: GatherlyEvent;
  isAdmin: boolean;
  /** The slide controls, when there are several slides. */
  slideControls: ReactNode;
  /** Some slide is an image: the admins' upload button sits here, not on the picture. */
  hasImages: boolean;
  /** The running upload's progress, null while idle. */
  uploadProgress: number | null;
  /** The admins' file picker (the picture's first-photo button opens it too). */
  fileInput: RefObject<HTMLInputElement | null>;
  onPickFile(): void;
  onFile(file: File | undefined): void;
  onUpdateSettings(change: Partial<BannerSettings>): void;
  /** The event's details stand right above (a phone's photo banner): no border between. */
  attached: boolean;
}) {
  const settings = event.bannerSettings;
  return (
    <Flex
      data-testid="banner-toolbar"
      align="center"
      wrap="wrap"
      columnGap="3"
      rowGap="2"
      px={{ base: '2', md: '4' }}
      py="2"
      mt={attached ? '2' : undefined}
      borderTopWidth={attached ? undefined : '1px'}
    >
      {slideControls}
      {isAdmin && hasImages && (
        <Button
          size={BANNER_BUTTON_SIZE}
          colorPalette="brand"
          order={{ base: 3, md: 0 }}
          onClick={onPickFile}
          disabled={uploadProgress !== null}
        >
          <CameraIcon /> {uploadLabel('Upload Banner', uploadProgress)}
        </Button>
      )}
      {isAdmin && (
        <HStack gap="3" order={{ base: 6, md: 0 }} data-testid="banner-settings">
          <Suspense fallback={null}>
            <BannerSwitches
              autoRotate={settings.autoRotate}
              fullWidth={settings.style === 'full-width'}
              onAutoRotate={(on) => onUpdateSettings({ autoRotate: on })}
              onFullWidth={(on) => onUpdateSettings({ style: on ? 'full-width' : 'contained' })}
            />
          </Suspense>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            data-testid="banner-file-input"
            onChange={(e) => {
              onFile(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
        </HStack>
      )}
      {event.startDate && (
        <Button
          size={BANNER_BUTTON_SIZE}
          variant="outline"
          order={{ base: 2, md: 0 }}
          ml={{ base: slideControls ? 'auto' : '0', md: 'auto' }}
          onClick={() => void downloadEventIcs(event)}
        >
          <CalendarIcon /> Add to calendar
        </Button>
      )}
      {isAdmin && (
        <>
          <Button
            size={BANNER_BUTTON_SIZE}
            variant="outline"
            order={{ base: 4, md: 0 }}
            ml={{ md: event.startDate ? '0' : 'auto' }}
            asChild
          >
            <Link to={eventHref(event.id, 'members')}>Invite</Link>
          </Button>
          <Button size={BANNER_BUTTON_SIZE} variant="outline" order={{ base: 5, md: 0 }} asChild>
            <Link to={eventHref(event.id, 'settings')}>Settings</Link>
          </Button>
        </>
      )}
    </Flex>
  );
}
