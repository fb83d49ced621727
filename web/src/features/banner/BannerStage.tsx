import { Badge, Box, Flex, Heading, Image, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { BannerSlide } from '@gatherly/domain/banner';
import type { GalleryPhoto } from '../photos/data.ts';
import type { BannerArtwork } from './banner-artwork.ts';
import { BannerArtworkLayer, BannerPhoto } from './BannerMedia.tsx';

/**
 * Behind text on a photo: at least 62 % black under every line (white text then reads at 4.5:1
 * on any photo, even a white one), fading to nothing above the text.
 */
const SCRIM =
  'linear-gradient(to top, rgba(0, 0, 0, 0.8) 0%, rgba(0, 0, 0, 0.62) calc(100% - 3.5rem), rgba(0, 0, 0, 0) 100%)';

/**
 * The banner's picture with what stands on it: the artwork and the slide's photo, the featured
 * badge or the event's logo and the countdown at the top, the event's name (with its details and
 * an admin's first-photo button, when given) at the bottom.
 */
export function BannerStage({
  id,
  name,
  slide,
  position,
  artwork,
  imageUrl,
  fit,
  countdown,
  details,
  addPhoto,
}: {
  id: string;
  name: string;
  slide: BannerSlide<GalleryPhoto> | undefined;
  /** Where the slide stands among several (the stage is then a tab panel), else null. */
  position: { index: number; count: number } | null;
  artwork: BannerArtwork;
  imageUrl: string | null;
  fit: 'cover' | 'contain';
  countdown: string | null;
  details: ReactNode;
  addPhoto: ReactNode;
}) {
  const onPhoto = imageUrl !== null;
  return (
    <Flex
      id={id}
      data-testid="banner-stage"
      position="relative"
      direction="column"
      minH={{
        base: 'clamp(200px, 60vh, 240px)',
        sm: 'clamp(200px, 60vh, 280px)',
        md: 'clamp(200px, 60vh, 340px)',
        lg: 'clamp(200px, 60vh, 380px)',
      }}
      color={onPhoto ? 'white' : artwork.text}
      bg={artwork.from}
      {...(position
        ? {
            role: 'tabpanel',
            'aria-label': `Banner image ${position.index + 1} of ${position.count}`,
          }
        : {})}
    >
      <BannerArtworkLayer artwork={artwork} />
      {imageUrl && <BannerPhoto key={imageUrl} url={imageUrl} fit={fit} />}
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
          {name}
        </Heading>
        {details}
        {addPhoto}
      </Stack>
    </Flex>
  );
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
