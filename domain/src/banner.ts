/**
 * Banner slides (docs/product.md, "Dashboard"): the custom banner first, then featured photos, then the other photos
 * by votes descending; with no image at all, the event logo or a generated avatar.
 */
import { avatarDataUri } from './avatar.ts';

/** The banner cycles through the first few images in banner order; the gallery holds the rest. */
export const MAX_BANNER_SLIDES = 10;

export interface BannerPhotoLike {
  id: string;
  objectPath: string;
  votes: number;
  isFeatured: boolean;
}

export type BannerSlide<P extends BannerPhotoLike = BannerPhotoLike> =
  | { kind: 'custom'; objectPath: string }
  | { kind: 'photo'; photo: P; featured: boolean }
  | { kind: 'logo'; url: string }
  | { kind: 'avatar'; url: string };

/** Votes descending; equal votes keep their input order (Array.prototype.sort is stable). */
function byVotesDesc<P extends BannerPhotoLike>(photos: readonly P[]): P[] {
  return [...photos].sort((a, b) => b.votes - a.votes);
}

/**
 * Ordered image slides: custom banner, featured photos (by votes, stable), the rest (by votes,
 * stable). A photo whose object is the custom banner is not repeated.
 */
export function orderBannerImages<P extends BannerPhotoLike>(
  customBannerImage: string | null | undefined,
  photos: readonly P[],
): BannerSlide<P>[] {
  const custom = customBannerImage && customBannerImage.trim() !== '' ? customBannerImage : null;
  const rest = photos.filter((p) => p.objectPath !== custom);
  const slides: BannerSlide<P>[] = [];
  if (custom) slides.push({ kind: 'custom', objectPath: custom });
  for (const photo of byVotesDesc(rest.filter((p) => p.isFeatured)))
    slides.push({ kind: 'photo', photo, featured: true });
  for (const photo of byVotesDesc(rest.filter((p) => !p.isFeatured)))
    slides.push({ kind: 'photo', photo, featured: false });
  return slides;
}

export interface BannerInput<P extends BannerPhotoLike> {
  customBannerImage: string | null | undefined;
  photos: readonly P[];
  customLogo: string | null | undefined;
  eventName: string;
}

/** Banner slides with the fallback: never empty. */
export function bannerSlides<P extends BannerPhotoLike>(input: BannerInput<P>): BannerSlide<P>[] {
  const images = orderBannerImages(input.customBannerImage, input.photos);
  if (images.length > 0) return images;
  const logo = input.customLogo?.trim();
  if (logo) return [{ kind: 'logo', url: logo }];
  return [{ kind: 'avatar', url: avatarDataUri(input.eventName, { shape: 'square', size: 256 }) }];
}

/** Index of the slide after `current`, wrapping; 0 for an empty or single list. */
export function nextSlideIndex(current: number, count: number): number {
  return count <= 1 ? 0 : (current + 1) % count;
}
