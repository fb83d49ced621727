import { describe, expect, it } from 'vitest';
import { compositeOver, contrastRatio, DARK_TEXT, LIGHT_TEXT, toHex } from '@gatherly/domain/color';
import { DEFAULT_THEME_COLORS } from '@gatherly/domain/entities/events';
import {
  bannerArtwork,
  GLOW_OPACITY,
  RING_OPACITY,
  type BannerArtwork,
} from '../../src/features/banner/banner-artwork.ts';
import type { ThemeColors } from '../../src/lib/types.ts';

/** Journey 14's palettes: the ones that used to break the shell. */
const PALETTES: ThemeColors[] = [
  DEFAULT_THEME_COLORS,
  { ...DEFAULT_THEME_COLORS, primary: '#8b5cf6', background: '#1e1b4b', surface: '#f1f5f9' },
  { ...DEFAULT_THEME_COLORS, primary: '#2563eb', secondary: '#db2777', tertiary: '#65a30d' },
  { ...DEFAULT_THEME_COLORS, primary: '#facc15', secondary: '#fde047', tertiary: '#fef08a' },
  { ...DEFAULT_THEME_COLORS, primary: '#fafafa', secondary: '#f4f4f5', tertiary: '#e4e4e7' },
  { ...DEFAULT_THEME_COLORS, primary: '#e11d48', secondary: '#0891b2', tertiary: '#7c3aed' },
  // Mid-tones where neither black nor white text reads well.
  { ...DEFAULT_THEME_COLORS, primary: '#7f7f7f', secondary: '#ff0000', tertiary: '#00ff00' },
  { ...DEFAULT_THEME_COLORS, primary: '#000000', secondary: '#ffffff', tertiary: '#ffff00' },
];

/** A repeatable spread of colours (a linear congruential generator, fixed seed). */
function randomPalettes(count: number): ThemeColors[] {
  let seed = 19;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % 256;
  };
  const colour = () => toHex({ r: next(), g: next(), b: next() });
  return Array.from({ length: count }, () => ({
    ...DEFAULT_THEME_COLORS,
    primary: colour(),
    secondary: colour(),
    tertiary: colour(),
  }));
}

/**
 * The worst contrast of the artwork's text, checked more finely than the artwork itself does:
 * 100 points along the gradient, at several strengths of the glow, on and off a ring.
 */
function worstOnArtwork(art: BannerArtwork): number {
  let worst = Infinity;
  for (let i = 0; i <= 100; i++) {
    const point = compositeOver(art.to, art.from, i / 100);
    for (const glow of [0, 0.25, 0.5, 0.75, 1]) {
      const lit = compositeOver(art.glow, point, GLOW_OPACITY * glow);
      for (const ring of [0, RING_OPACITY]) {
        worst = Math.min(worst, contrastRatio(art.text, compositeOver(art.text, lit, ring)));
      }
    }
  }
  return worst;
}

describe('bannerArtwork', () => {
  it('keeps its text at 4.5:1 on every part of the artwork, light and dark, for any colours', () => {
    for (const colors of [...PALETTES, ...randomPalettes(300)]) {
      for (const mode of ['light', 'dark'] as const) {
        const art = bannerArtwork(colors, mode);
        expect([LIGHT_TEXT, DARK_TEXT]).toContain(art.text);
        const worst = worstOnArtwork(art);
        expect(worst, `${JSON.stringify(colors)} in ${mode}`).toBeGreaterThanOrEqual(4.5);
        // The Add a banner photo button and the countdown are the gradient's start on the text.
        expect(contrastRatio(art.from, art.text)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('uses the event’s own colours when they already read, and moves them only as far as needed', () => {
    // Gatherly's violet reads with white text: the gradient starts on it unchanged.
    const violet = bannerArtwork(DEFAULT_THEME_COLORS, 'light');
    expect(violet.text).toBe(LIGHT_TEXT);
    expect(violet.from).toBe(DEFAULT_THEME_COLORS.primary);
    // A yellow primary takes dark text and stays yellow.
    const yellow = bannerArtwork(PALETTES[3]!, 'light');
    expect(yellow.text).toBe(DARK_TEXT);
    expect(yellow.from).toBe('#facc15');
    // A mid grey cannot carry either text at 4.5:1: it is darkened, not replaced.
    const grey = bannerArtwork(PALETTES[6]!, 'light');
    expect(grey.from).not.toBe('#7f7f7f');
    expect(grey.from).not.toBe('#000000');
  });

  it('sits darker on a dark page under light text; light colours keep the brightness dark text needs', () => {
    const light = bannerArtwork(DEFAULT_THEME_COLORS, 'light');
    const dark = bannerArtwork(DEFAULT_THEME_COLORS, 'dark');
    expect(contrastRatio(dark.from, '#000000')).toBeLessThan(contrastRatio(light.from, '#000000'));
    const yellow = bannerArtwork(PALETTES[3]!, 'dark');
    expect(yellow.text).toBe(DARK_TEXT);
    expect(yellow.from).toBe('#facc15');
  });

  it('paints the gradient, the glow and the rings from those colours', () => {
    const art = bannerArtwork(DEFAULT_THEME_COLORS, 'light');
    expect(art.fill).toContain(`linear-gradient(135deg, ${art.from} 0%, ${art.to} 100%)`);
    expect(art.fill).toContain('radial-gradient(');
    expect(art.rings).toContain('repeating-radial-gradient(');
  });
});
