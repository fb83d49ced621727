/**
 * The banner's own artwork, shown until the event has a photo (docs/decisions.md, "Banner design"): a
 * gradient from the primary towards the secondary colour with a tertiary glow and faint rings,
 * and a text colour that reads at WCAG AA (4.5:1) on every part of it, for any colours an admin
 * picks.
 */
import {
  compositeOver,
  contrastRatio,
  DARK_TEXT,
  LIGHT_TEXT,
  normalizeThemeColors,
  TEXT_CONTRAST_TARGET,
  toHex,
  toRgba,
} from '@gatherly/domain/color';
import type { ColorMode } from '../../lib/color-mode.tsx';
import type { ThemeColors } from '../../lib/types.ts';

/** How much of the secondary colour the gradient ends on. */
const SECONDARY_SHARE = 0.5;
/** The tertiary glow's opacity at its centre (top right). */
export const GLOW_OPACITY = 0.45;
/** The rings are drawn in the text colour at this opacity. */
export const RING_OPACITY = 0.14;
/** On a dark page artwork under light text is taken this far towards black, so it does not glare. */
const DARK_MODE_SHADE = 0.3;
/** Gradient points checked: a mix of two colours can be darker or lighter between them. */
const SAMPLES = 10;
/** Steps towards black (light text) or white (dark text) until the text reads. */
const SHIFT_STEPS = 20;
/** A hair above 4.5:1: browsers round the colours they blend a little differently. */
const TARGET = TEXT_CONTRAST_TARGET + 0.1;

interface Fills {
  from: string;
  to: string;
  glow: string;
}

export interface BannerArtwork extends Fills {
  /** Text, icons and rings on the artwork. */
  text: string;
  /** The lowest contrast of the text on any fill of the artwork (gradient, glow, rings). */
  contrast: number;
  /** CSS backgrounds: the fill (gradient and glow) and the ring layer. */
  fill: string;
  rings: string;
}

/** Every colour text can sit on: gradient points, each under the glow or not, on a ring or not. */
function worstContrast(fills: Fills, text: string): number {
  let worst = Infinity;
  for (let i = 0; i <= SAMPLES; i++) {
    const point = compositeOver(fills.to, fills.from, i / SAMPLES);
    for (const lit of [point, compositeOver(fills.glow, point, GLOW_OPACITY)]) {
      for (const ground of [lit, compositeOver(text, lit, RING_OPACITY)]) {
        worst = Math.min(worst, contrastRatio(text, ground));
      }
    }
  }
  return worst;
}

/**
 * Each fill moved towards black (under light text) or white (under dark text) just far enough for
 * `text` to read on it: the gradient's ends first, then the glow over them; then all three
 * together while a point between the ends still falls short (a mix can dip below both ends).
 */
function fitTo(base: Fills, text: string) {
  const away = text === LIGHT_TEXT ? '#000000' : '#ffffff';
  const move = (c: string, shift: number) => toHex(compositeOver(away, c, shift));
  const leastShift = (reads: (shift: number) => boolean) => {
    for (let step = 0; step < SHIFT_STEPS; step++) {
      if (reads(step / SHIFT_STEPS)) return step / SHIFT_STEPS;
    }
    return 1;
  };
  const readsOn = (c: string) =>
    contrastRatio(text, c) >= TARGET &&
    contrastRatio(text, compositeOver(text, c, RING_OPACITY)) >= TARGET;
  const fromShift = leastShift((k) => readsOn(move(base.from, k)));
  const toShift = leastShift((k) => readsOn(move(base.to, k)));
  const ends = { from: move(base.from, fromShift), to: move(base.to, toShift) };
  const glowShift = leastShift(
    (k) => worstContrast({ ...ends, glow: move(base.glow, k) }, text) >= TARGET,
  );
  let fills: Fills = { ...ends, glow: move(base.glow, glowShift) };
  const extra = leastShift(
    (k) =>
      worstContrast(
        { from: move(fills.from, k), to: move(fills.to, k), glow: move(fills.glow, k) },
        text,
      ) >= TARGET,
  );
  fills = {
    from: move(fills.from, extra),
    to: move(fills.to, extra),
    glow: move(fills.glow, extra),
  };
  return { fills, contrast: worstContrast(fills, text), shift: fromShift + toShift + 2 * extra };
}

export function bannerArtwork(colors: Partial<ThemeColors>, mode: ColorMode): BannerArtwork {
  const { primary, secondary, tertiary } = normalizeThemeColors(colors);
  const base: Fills = {
    from: primary,
    to: toHex(compositeOver(secondary, primary, SECONDARY_SHARE)),
    glow: tertiary,
  };
  // The text colour that keeps the event's colours truest: the one needing the smaller shifts.
  const [best] = [LIGHT_TEXT, DARK_TEXT]
    .map((text) => ({ text, ...fitTo(base, text) }))
    .sort((a, b) => a.shift - b.shift || b.contrast - a.contrast);
  const { text } = best!;
  let { fills, contrast } = best!;
  // On a dark page colours under light text are shaded (darker only helps that text); light
  // colours under dark text keep their brightness, which that text needs.
  if (mode === 'dark' && text === LIGHT_TEXT) {
    const shade = (c: string) => toHex(compositeOver('#000000', c, DARK_MODE_SHADE));
    ({ fills, contrast } = fitTo(
      { from: shade(base.from), to: shade(base.to), glow: shade(base.glow) },
      text,
    ));
  }
  return {
    ...fills,
    text,
    contrast,
    fill: [
      `radial-gradient(circle at 88% 8%, ${toRgba(fills.glow, GLOW_OPACITY)} 0, ${toRgba(fills.glow, 0)} 55%)`,
      `linear-gradient(135deg, ${fills.from} 0%, ${fills.to} 100%)`,
    ].join(', '),
    rings: `repeating-radial-gradient(circle at 100% 0%, ${toRgba(text, 0)} 0 30px, ${toRgba(text, RING_OPACITY)} 30px 32px, ${toRgba(text, 0)} 32px 44px)`,
  };
}
