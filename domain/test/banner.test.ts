import { describe, expect, it } from 'vitest';
import {
  bannerSlides,
  nextSlideIndex,
  orderBannerImages,
  type BannerPhotoLike,
} from '../src/banner.ts';

const photo = (id: string, votes: number, isFeatured = false): BannerPhotoLike => ({
  id,
  objectPath: `events/e/photos/u/${id}.jpg`,
  votes,
  isFeatured,
});
const ids = (slides: ReturnType<typeof orderBannerImages>) =>
  slides.map((s) =>
    s.kind === 'photo' ? s.photo.id : s.kind === 'custom' ? `custom:${s.objectPath}` : s.kind,
  );

describe('orderBannerImages', () => {
  it('custom banner, then featured, then the rest by votes descending', () => {
    const photos = [
      photo('a', 1),
      photo('b', 5),
      photo('f1', 0, true),
      photo('c', 3),
      photo('f2', 2, true),
    ];
    expect(ids(orderBannerImages('events/e/banner/b.png', photos))).toEqual([
      'custom:events/e/banner/b.png',
      'f2',
      'f1',
      'b',
      'c',
      'a',
    ]);
  });

  it('is stable for equal votes', () => {
    const photos = [photo('x', 2), photo('y', 2), photo('z', 2), photo('w', 3)];
    expect(ids(orderBannerImages(null, photos))).toEqual(['w', 'x', 'y', 'z']);
  });

  it('a featured photo with few votes still precedes a popular unfeatured one', () => {
    expect(ids(orderBannerImages(null, [photo('popular', 100), photo('feat', 0, true)]))).toEqual([
      'feat',
      'popular',
    ]);
  });

  it('marks featured slides', () => {
    const slides = orderBannerImages(null, [photo('a', 0, true), photo('b', 0)]);
    expect(slides.map((s) => s.kind === 'photo' && s.featured)).toEqual([true, false]);
  });

  it('ignores an empty custom banner and does not repeat it as a photo', () => {
    expect(ids(orderBannerImages('', [photo('a', 1)]))).toEqual(['a']);
    const p = photo('a', 1);
    expect(ids(orderBannerImages(p.objectPath, [p, photo('b', 0)]))).toEqual([
      `custom:${p.objectPath}`,
      'b',
    ]);
  });

  it('does not mutate its input', () => {
    const photos = [photo('a', 1), photo('b', 2)];
    orderBannerImages(null, photos);
    expect(photos.map((p) => p.id)).toEqual(['a', 'b']);
  });
});

describe('bannerSlides fallback', () => {
  it('uses images when there are any', () => {
    expect(
      bannerSlides({
        customBannerImage: null,
        photos: [photo('a', 0)],
        customLogo: 'https://x.test/l.png',
        eventName: 'E',
      })[0]?.kind,
    ).toBe('photo');
  });

  it('falls back to the custom logo', () => {
    expect(
      bannerSlides({
        customBannerImage: null,
        photos: [],
        customLogo: 'https://x.test/l.png',
        eventName: 'E',
      }),
    ).toEqual([{ kind: 'logo', url: 'https://x.test/l.png' }]);
  });

  it('then to a generated avatar of the event name', () => {
    const [slide] = bannerSlides({
      customBannerImage: null,
      photos: [],
      customLogo: '  ',
      eventName: 'Beach Trip',
    });
    expect(slide?.kind).toBe('avatar');
    expect(slide && 'url' in slide && decodeURIComponent(slide.url)).toContain('>BT</text>');
  });
});

describe('nextSlideIndex', () => {
  it.each([
    [0, 3, 1],
    [2, 3, 0],
    [0, 1, 0],
    [0, 0, 0],
  ])('after %d of %d → %d', (current, count, next) => {
    expect(nextSlideIndex(current, count)).toBe(next);
  });
});
