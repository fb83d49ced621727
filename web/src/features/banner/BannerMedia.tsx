// The banner's picture layers, behind its text: the artwork in the event's colours (always there,
// so a photo still loading or failing shows the event's colours, never black) and the slide's
// photo over it.
import { Box, Image } from '@chakra-ui/react';
import { useState } from 'react';
import type { BannerSlide } from '@gatherly/domain/banner';
import type { GalleryPhoto } from '../photos/data.ts';
import type { BannerArtwork } from './banner-artwork.ts';

export function BannerArtworkLayer({ artwork }: { artwork: BannerArtwork }) {
  return (
    <Box position="absolute" inset="0" aria-hidden="true" data-testid="banner-artwork">
      <Box position="absolute" inset="0" style={{ background: artwork.fill }} />
      {/* Rings from the top right corner, fading out before they reach the text. */}
      <Box
        position="absolute"
        inset="0"
        style={{
          background: artwork.rings,
          maskImage: 'radial-gradient(circle at 100% 0%, #000 0, transparent 75%)',
        }}
      />
    </Box>
  );
}

/**
 * The image a slide shows (the custom banner's or the photo's stored download URL), null for the
 * artwork's slides (logo, generated) and for a custom banner whose URL is not written yet.
 */
export function slideImageUrl(
  slide: BannerSlide<GalleryPhoto> | undefined,
  bannerImageUrl: string | null,
): string | null {
  if (slide?.kind === 'custom') return bannerImageUrl;
  if (slide?.kind === 'photo') return slide.photo.url || null;
  return null;
}

/**
 * The slide's photo: `cover` fills the banner; `contain` shows the whole photo on a blurred,
 * darkened copy of itself (a portrait photo gets no black bars). Nothing while it loads or when
 * the image fails, so the artwork below shows.
 */
export function BannerPhoto({ url, fit }: { url: string; fit: 'cover' | 'contain' }) {
  const [broken, setBroken] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  if (broken === url) return null;
  const shown = loaded === url;
  return (
    <Box
      position="absolute"
      inset="0"
      overflow="hidden"
      opacity={shown ? 1 : 0}
      transition="opacity 0.35s ease-out"
      _motionReduce={{ transition: 'none' }}
    >
      {fit === 'contain' && (
        <Image
          src={url}
          alt=""
          aria-hidden="true"
          data-testid="banner-backdrop"
          position="absolute"
          inset="0"
          width="100%"
          height="100%"
          objectFit="cover"
          // Scaled past the edges: a blur fades out towards transparent at the image's borders.
          transform="scale(1.25)"
          filter="blur(28px) brightness(0.62) saturate(1.15)"
        />
      )}
      <Image
        src={url}
        alt=""
        data-testid="banner-image"
        position="absolute"
        inset="0"
        width="100%"
        height="100%"
        objectFit={fit}
        onLoad={() => setLoaded(url)}
        onError={() => setBroken(url)}
      />
    </Box>
  );
}
