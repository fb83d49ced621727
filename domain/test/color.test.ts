import { describe, expect, it } from 'vitest';
import {
  mutedTextColor,
  readableVariant,
  COLOR_MEETS_TOAST,
  COLOR_OPTIMIZED_TOAST,
  DARK_TEXT,
  LIGHT_TEXT,
  MAX_OPACITY_ITERATIONS,
  MIN_SURFACE_OPACITY,
  colorMeetsStandardsMessage,
  colorOptimizedMessage,
  compositeOver,
  contrastRatio,
  deriveTheme,
  formatContrastRatio,
  meetsContrast,
  normalizeHex,
  normalizeThemeColors,
  optimizeSurfaceOpacity,
  parseHex,
  readableTextColor,
  relativeLuminance,
  toHex,
  toRgba,
} from '../src/color.ts';
import { DEFAULT_THEME_COLORS } from '../src/entities/events.ts';

describe('hex parsing', () => {
  it.each([
    ['#6236ff', { r: 98, g: 54, b: 255 }],
    ['6236FF', { r: 98, g: 54, b: 255 }],
    ['#fff', { r: 255, g: 255, b: 255 }],
    [' #000000 ', { r: 0, g: 0, b: 0 }],
  ])('parseHex(%j)', (hex, rgb) => {
    expect(parseHex(hex)).toEqual(rgb);
  });

  it.each(['', '#ff', '#ggg', '#12345', 'red', '#1234567'])('rejects %j', (hex) => {
    expect(parseHex(hex)).toBeNull();
  });

  it('round-trips and normalises', () => {
    expect(toHex({ r: 98, g: 54, b: 255 })).toBe('#6236ff');
    expect(toHex({ r: 300, g: -4, b: 127.6 })).toBe('#ff0080');
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(normalizeHex('nope')).toBeNull();
  });
});

describe('luminance and contrast (WCAG 2.x)', () => {
  it('black and white are the extremes: 21:1', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
  });

  it('a colour against itself is 1:1', () => {
    expect(contrastRatio('#6236ff', '#6236ff')).toBeCloseTo(1, 10);
  });

  it('matches known reference values', () => {
    // #767676 on white is the classic lightest grey passing AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(4.0, 2);
    expect(contrastRatio('#0000ff', '#ffffff')).toBeCloseTo(8.59, 2);
  });

  it('meetsContrast checks the 4.5 boundary', () => {
    expect(meetsContrast('#767676', '#ffffff')).toBe(true);
    expect(meetsContrast('#777777', '#ffffff')).toBe(false);
    expect(meetsContrast('#777777', '#ffffff', 3)).toBe(true);
  });

  it('throws on a non-colour rather than answering silently', () => {
    expect(() => contrastRatio('blue', '#ffffff')).toThrow(/Not a hex colour/);
  });
});

describe('compositing and CSS output', () => {
  it('blends foreground over background by opacity', () => {
    expect(toHex(compositeOver('#000000', '#ffffff', 0.5))).toBe('#808080');
    expect(toHex(compositeOver('#000000', '#ffffff', 1))).toBe('#000000');
    expect(toHex(compositeOver('#000000', '#ffffff', 0))).toBe('#ffffff');
  });

  it('toRgba writes rounded channels and opacity', () => {
    expect(toRgba('#6236ff', 0.45)).toBe('rgba(98, 54, 255, 0.45)');
    expect(toRgba('#6236ff', 1 / 3)).toBe('rgba(98, 54, 255, 0.33)');
  });
});

describe('readableTextColor', () => {
  it.each([
    ['#ffffff', DARK_TEXT],
    ['#f8fafc', DARK_TEXT],
    ['#f59e0b', DARK_TEXT],
    ['#000000', LIGHT_TEXT],
    ['#6236ff', LIGHT_TEXT],
    ['#1e293b', LIGHT_TEXT],
  ])('on %s → %s', (bg, text) => {
    expect(readableTextColor(bg)).toBe(text);
  });

  it('always reaches 4.5:1 across a grey ramp and the hue wheel', () => {
    const samples: string[] = [];
    for (let v = 0; v <= 255; v += 5) samples.push(toHex({ r: v, g: v, b: v }));
    for (const hex of [
      '#ff0000',
      '#00ff00',
      '#0000ff',
      '#ffff00',
      '#00ffff',
      '#ff00ff',
      '#14b8a6',
      '#808080',
      '#767676',
      '#7a7a7a',
    ])
      samples.push(hex);
    for (const bg of samples)
      expect(contrastRatio(readableTextColor(bg), bg)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('optimizeSurfaceOpacity', () => {
  it('leaves a surface alone when it already meets the target', () => {
    const r = optimizeSurfaceOpacity('#f8fafc', '#ffffff', DARK_TEXT, 4.5);
    expect(r).toMatchObject({ opacity: 1, adjusted: false, meetsTarget: true, iterations: 0 });
    expect(r.ratio).toBe(r.initialRatio);
  });

  it('lowers opacity in 5 % steps until the card target (3:1) is met', () => {
    const r = optimizeSurfaceOpacity('#000000', '#ffffff', DARK_TEXT, 3);
    expect(r.adjusted).toBe(true);
    expect(r.meetsTarget).toBe(true);
    expect(r.ratio).toBeGreaterThanOrEqual(3);
    expect(r.opacity).toBe(0.6);
    expect(r.iterations).toBe(8);
    // One step less would not have been enough.
    expect(contrastRatio(DARK_TEXT, compositeOver('#000000', '#ffffff', 0.65))).toBeLessThan(3);
  });

  it('needs a lower opacity for the input target (4.5:1) than for cards (3:1)', () => {
    const card = optimizeSurfaceOpacity('#000000', '#ffffff', DARK_TEXT, 3);
    const input = optimizeSurfaceOpacity('#000000', '#ffffff', DARK_TEXT, 4.5);
    expect(input.opacity).toBe(0.45);
    expect(input.opacity).toBeLessThan(card.opacity);
  });

  it('stops at 30 % and reports failure when the target is unreachable', () => {
    const r = optimizeSurfaceOpacity('#ffffff', '#767676', LIGHT_TEXT, 4.5);
    expect(r.opacity).toBe(MIN_SURFACE_OPACITY);
    expect(r.meetsTarget).toBe(false);
    expect(r.adjusted).toBe(true);
    expect(r.iterations).toBe(14);
  });

  it('never exceeds the iteration cap', () => {
    const r = optimizeSurfaceOpacity('#ffffff', '#767676', LIGHT_TEXT, 4.5, { step: 0.01 });
    expect(r.iterations).toBe(MAX_OPACITY_ITERATIONS);
    expect(r.opacity).toBeCloseTo(0.8, 10);
  });

  it('honours custom bounds', () => {
    const r = optimizeSurfaceOpacity('#000000', '#ffffff', DARK_TEXT, 4.5, { minOpacity: 0.5 });
    expect(r.opacity).toBe(0.5);
    expect(r.meetsTarget).toBe(false);
  });
});

describe('accessibility messages', () => {
  it('uses the spec wording with two-decimal ratios', () => {
    expect(colorMeetsStandardsMessage(21)).toBe('Color meets WCAG AA standards (21.00:1 contrast)');
    expect(colorMeetsStandardsMessage(4.5412)).toBe(
      'Color meets WCAG AA standards (4.54:1 contrast)',
    );
    expect(colorOptimizedMessage(1.176)).toBe(
      'Color optimized for accessibility (adjusted from 1.18:1 to WCAG AA compliant)',
    );
    expect(formatContrastRatio(3)).toBe('3.00');
  });

  it('toast titles are exact', () => {
    expect(COLOR_MEETS_TOAST).toBe('Color meets accessibility standards');
    expect(COLOR_OPTIMIZED_TOAST).toBe('Color optimized for accessibility');
  });
});

describe('deriveTheme', () => {
  it('default colours need no adjustment', () => {
    const t = deriveTheme(DEFAULT_THEME_COLORS);
    expect(t.adjusted).toBe(false);
    expect(t.toastTitle).toBe(COLOR_MEETS_TOAST);
    expect(t.message).toMatch(/^Color meets WCAG AA standards \(\d+\.\d\d:1 contrast\)$/);
    expect(t.text.onBackground).toBe(DARK_TEXT);
    expect(t.text.onPrimary).toBe(LIGHT_TEXT);
    expect(t.surfaces.card.opacity).toBe(1);
  });

  it('a dark surface on a light background is optimised', () => {
    const t = deriveTheme({ ...DEFAULT_THEME_COLORS, surface: '#000000' });
    expect(t.adjusted).toBe(true);
    expect(t.toastTitle).toBe(COLOR_OPTIMIZED_TOAST);
    expect(t.message).toBe(colorOptimizedMessage(t.surfaces.card.initialRatio));
    expect(t.surfaces.card.opacity).toBe(0.6);
    expect(t.surfaces.button.opacity).toBe(0.6);
    expect(t.surfaces.input.opacity).toBe(0.45);
    expect(t.text.onSurface).toBe(t.text.onBackground);
  });

  it('a dark theme picks light text', () => {
    const t = deriveTheme({ background: '#0f172a', surface: '#1e293b' });
    expect(t.text.onBackground).toBe(LIGHT_TEXT);
    expect(t.adjusted).toBe(false);
  });

  it('fills missing or invalid colours from the defaults', () => {
    expect(normalizeThemeColors(null)).toEqual(DEFAULT_THEME_COLORS);
    expect(normalizeThemeColors({ primary: '#ABC', surface: 'oops' })).toEqual({
      ...DEFAULT_THEME_COLORS,
      primary: '#aabbcc',
    });
    expect(deriveTheme(undefined).colors).toEqual(DEFAULT_THEME_COLORS);
  });
});

describe('readableVariant and mutedTextColor', () => {
  const palettes = ['#facc15', '#fafafa', '#6236ff', '#e11d48', '#10b981', '#1e1b4b', '#ffffff'];
  it('keeps a colour that reads, and moves one that does not until it reads', () => {
    expect(readableVariant('#1e3a8a', '#ffffff')).toBe('#1e3a8a');
    for (const color of palettes) {
      for (const bg of palettes) {
        expect(contrastRatio(readableVariant(color, bg), bg)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('softens secondary text only as far as it still reads', () => {
    for (const bg of palettes) {
      const muted = mutedTextColor(bg);
      expect(contrastRatio(muted, bg)).toBeGreaterThanOrEqual(4.5);
    }
    expect(mutedTextColor('#ffffff')).not.toBe(readableTextColor('#ffffff'));
  });
});
