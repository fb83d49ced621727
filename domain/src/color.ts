/**
 * Colour maths for event themes (docs/product.md, "Settings"): WCAG 2.x relative luminance and contrast, readable
 * text colours, and the surface-opacity optimiser that lowers card/button/input opacity over the
 * background until the text on them reaches its contrast target.
 */
import type { ThemeColors } from './entities/events.ts';
import { DEFAULT_THEME_COLORS } from './entities/events.ts';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** WCAG AA targets. */
export const TEXT_CONTRAST_TARGET = 4.5;
export const CARD_CONTRAST_TARGET = 3;
export const BUTTON_CONTRAST_TARGET = 3;
export const INPUT_CONTRAST_TARGET = 4.5;

/** Optimiser bounds (docs/product.md, "Settings"). */
export const MIN_SURFACE_OPACITY = 0.3;
export const SURFACE_OPACITY_STEP = 0.05;
export const MAX_OPACITY_ITERATIONS = 20;

/** Text candidates: a soft near-black and white; pure black is the fallback. */
export const DARK_TEXT = '#0f172a';
export const LIGHT_TEXT = '#ffffff';

/** Parses "#rgb" or "#rrggbb" (the '#' optional, any case); null when not a hex colour. */
export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const digits = match?.[1];
  if (!digits) return null;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  };
}

function requireRgb(color: string | Rgb): Rgb {
  if (typeof color !== 'string') return color;
  const rgb = parseHex(color);
  if (!rgb) throw new Error(`Not a hex colour: ${color}`);
  return rgb;
}

const channelHex = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');

/** "#rrggbb", lower case; channels are rounded and clamped to 0..255. */
export function toHex(rgb: Rgb): string {
  return `#${channelHex(rgb.r)}${channelHex(rgb.g)}${channelHex(rgb.b)}`;
}

/** Lower-case "#rrggbb" for a valid colour, else null. */
export function normalizeHex(hex: string): string | null {
  const rgb = parseHex(hex);
  return rgb ? toHex(rgb) : null;
}

function linearChannel(channel: number): number {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance, 0 (black) .. 1 (white). */
export function relativeLuminance(color: string | Rgb): number {
  const { r, g, b } = requireRgb(color);
  return 0.2126 * linearChannel(r) + 0.7152 * linearChannel(g) + 0.0722 * linearChannel(b);
}

/** WCAG contrast ratio, 1..21, symmetric in its arguments. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [light, dark] = la >= lb ? [la, lb] : [lb, la];
  return (light + 0.05) / (dark + 0.05);
}

export function meetsContrast(
  a: string | Rgb,
  b: string | Rgb,
  target = TEXT_CONTRAST_TARGET,
): boolean {
  return contrastRatio(a, b) >= target;
}

/** `foreground` drawn at `opacity` (0..1) over an opaque `background`. */
export function compositeOver(
  foreground: string | Rgb,
  background: string | Rgb,
  opacity: number,
): Rgb {
  const fg = requireRgb(foreground);
  const bg = requireRgb(background);
  const a = Math.min(1, Math.max(0, opacity));
  return {
    r: fg.r * a + bg.r * (1 - a),
    g: fg.g * a + bg.g * (1 - a),
    b: fg.b * a + bg.b * (1 - a),
  };
}

/** CSS "rgba(r, g, b, a)" for a colour at an opacity. */
export function toRgba(color: string | Rgb, opacity: number): string {
  const { r, g, b } = requireRgb(color);
  return `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${roundTo(opacity, 2)})`;
}

function roundTo(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * Text colour for a background: whichever of the near-black and white candidates contrasts more;
 * when neither reaches 4.5:1, the better of pure black and white (one of them always reaches
 * at least 4.58:1).
 */
export function readableTextColor(background: string | Rgb): string {
  const darkRatio = contrastRatio(DARK_TEXT, background);
  const lightRatio = contrastRatio(LIGHT_TEXT, background);
  const best = lightRatio >= darkRatio ? LIGHT_TEXT : DARK_TEXT;
  if (Math.max(darkRatio, lightRatio) >= TEXT_CONTRAST_TARGET) return best;
  // Mid-tones: the softened dark text falls short, pure black does not.
  return contrastRatio('#000000', background) >= lightRatio ? '#000000' : LIGHT_TEXT;
}

/**
 * `color` if it reads on `background` (4.5:1), else `color` moved towards that background's
 * readable text colour in 10 % steps until it does: a brand colour kept as close to itself as
 * legibility allows (a link or active item on a tint, a title on the event's page).
 */
export function readableVariant(color: string | Rgb, background: string | Rgb): string {
  const target = readableTextColor(background);
  for (let t = 0; t <= 1.0001; t += 0.1) {
    const candidate = toHex(compositeOver(target, color, t));
    // A hair above 4.5:1: browsers round the tints they mix (color-mix) a little differently.
    if (meetsContrast(candidate, background, TEXT_CONTRAST_TARGET + 0.1)) return candidate;
  }
  return target;
}

/**
 * Secondary text on `background`: the readable text colour softened towards the background by
 * 30 % when that still reads at 4.5:1 (it usually does), else the full text colour.
 */
export function mutedTextColor(background: string | Rgb): string {
  const text = readableTextColor(background);
  const soft = compositeOver(background, text, 0.3);
  return meetsContrast(soft, background) ? toHex(soft) : text;
}

export interface SurfaceOpacityOptions {
  minOpacity?: number;
  step?: number;
  maxIterations?: number;
  startOpacity?: number;
}

export interface SurfaceOpacityResult {
  opacity: number;
  /** True when the opacity was lowered from the start value. */
  adjusted: boolean;
  /** Contrast of text on the surface at the start opacity. */
  initialRatio: number;
  /** Contrast at the returned opacity. */
  ratio: number;
  meetsTarget: boolean;
  iterations: number;
}

/**
 * Lowers the surface's opacity over the background in steps until `text` on the composite
 * reaches `target`, never below the minimum opacity and for at most maxIterations steps. If the
 * target cannot be reached, returns the last opacity tried with meetsTarget false.
 */
export function optimizeSurfaceOpacity(
  surface: string | Rgb,
  background: string | Rgb,
  text: string | Rgb,
  target: number,
  options: SurfaceOpacityOptions = {},
): SurfaceOpacityResult {
  const minOpacity = options.minOpacity ?? MIN_SURFACE_OPACITY;
  const step = options.step ?? SURFACE_OPACITY_STEP;
  const maxIterations = options.maxIterations ?? MAX_OPACITY_ITERATIONS;
  const startOpacity = options.startOpacity ?? 1;
  const ratioAt = (opacity: number) =>
    contrastRatio(text, compositeOver(surface, background, opacity));

  let opacity = startOpacity;
  const initialRatio = ratioAt(opacity);
  let ratio = initialRatio;
  let iterations = 0;
  // Round each step so 1 - 14 × 0.05 lands on 0.3 exactly instead of 0.29999….
  while (ratio < target && iterations < maxIterations && roundTo(opacity - step, 4) >= minOpacity) {
    opacity = roundTo(opacity - step, 4);
    ratio = ratioAt(opacity);
    iterations += 1;
  }
  return {
    opacity,
    adjusted: iterations > 0,
    initialRatio,
    ratio,
    meetsTarget: ratio >= target,
    iterations,
  };
}

/** "4.52" — two decimals, as shown in the accessibility messages. */
export function formatContrastRatio(ratio: number): string {
  return ratio.toFixed(2);
}

export function colorMeetsStandardsMessage(ratio: number): string {
  return `Color meets WCAG AA standards (${formatContrastRatio(ratio)}:1 contrast)`;
}

export function colorOptimizedMessage(originalRatio: number): string {
  return `Color optimized for accessibility (adjusted from ${formatContrastRatio(originalRatio)}:1 to WCAG AA compliant)`;
}

/** Settings toast titles (shown 3 s) after changing background or surface colour. */
export const COLOR_MEETS_TOAST = 'Color meets accessibility standards';
export const COLOR_OPTIMIZED_TOAST = 'Color optimized for accessibility';
export const ACCESSIBILITY_TOAST_MS = 3000;

export interface ThemeText {
  onBackground: string;
  onSurface: string;
  onPrimary: string;
  onSecondary: string;
  onTertiary: string;
}

export interface DerivedTheme {
  /** The input with invalid or missing colours replaced by the defaults, as lower-case hex. */
  colors: ThemeColors;
  text: ThemeText;
  surfaces: {
    card: SurfaceOpacityResult;
    button: SurfaceOpacityResult;
    input: SurfaceOpacityResult;
  };
  /** True when any surface opacity was lowered. */
  adjusted: boolean;
  /** The WCAG message for the theme (see themeAccessibilityMessage). */
  message: string;
  /** The settings toast title. */
  toastTitle: string;
}

/** Fills missing/invalid colours from the defaults. */
export function normalizeThemeColors(colors: Partial<ThemeColors> | null | undefined): ThemeColors {
  const pick = (key: keyof ThemeColors) => {
    const value = colors?.[key];
    return (typeof value === 'string' && normalizeHex(value)) || DEFAULT_THEME_COLORS[key];
  };
  return {
    primary: pick('primary'),
    secondary: pick('secondary'),
    tertiary: pick('tertiary'),
    background: pick('background'),
    surface: pick('surface'),
  };
}

/**
 * Everything the UI needs to paint an event theme accessibly: text colours for each fill and
 * the opacity of cards, buttons and inputs (surface colour over the background) so body text
 * keeps its contrast target on them.
 */
export function deriveTheme(input: Partial<ThemeColors> | null | undefined): DerivedTheme {
  const colors = normalizeThemeColors(input);
  const onBackground = readableTextColor(colors.background);
  const surfaceFor = (target: number) =>
    optimizeSurfaceOpacity(colors.surface, colors.background, onBackground, target);
  const surfaces = {
    card: surfaceFor(CARD_CONTRAST_TARGET),
    button: surfaceFor(BUTTON_CONTRAST_TARGET),
    input: surfaceFor(INPUT_CONTRAST_TARGET),
  };
  const adjusted = surfaces.card.adjusted || surfaces.button.adjusted || surfaces.input.adjusted;
  const message = themeAccessibilityMessage(onBackground, colors.background, surfaces);
  return {
    colors,
    text: {
      onBackground,
      // The optimiser sized the surface opacities for this text, so it is the text on surfaces.
      onSurface: onBackground,
      onPrimary: readableTextColor(colors.primary),
      onSecondary: readableTextColor(colors.secondary),
      onTertiary: readableTextColor(colors.tertiary),
    },
    surfaces,
    adjusted,
    message,
    toastTitle: adjusted ? COLOR_OPTIMIZED_TOAST : COLOR_MEETS_TOAST,
  };
}

/**
 * Optimised → "adjusted from {lowest starting ratio of an adjusted surface}"; otherwise
 * "meets … ({lowest ratio of text on background and on each surface})".
 */
export function themeAccessibilityMessage(
  text: string,
  background: string,
  surfaces: DerivedTheme['surfaces'],
): string {
  const all = [surfaces.card, surfaces.button, surfaces.input];
  const adjusted = all.filter((s) => s.adjusted);
  if (adjusted.length > 0) {
    return colorOptimizedMessage(Math.min(...adjusted.map((s) => s.initialRatio)));
  }
  return colorMeetsStandardsMessage(
    Math.min(contrastRatio(text, background), ...all.map((s) => s.ratio)),
  );
}
