/**
 * WCAG contrast helpers for event theming (spec §5 colour accessibility): text colour that meets
 * AA (4.5:1) on a colour, and surface opacity lowered in 5 % steps (minimum 30 %, at most 20
 * steps) until the surface keeps the text readable. Used only until the domain package exposes
 * the same optimiser; the maths is the WCAG 2.x definition.
 */
export const AA_TEXT = 4.5;
export const AA_UI = 3;

export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function luminance([r, g, b]: [number, number, number]): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: [number, number, number] = [255, 255, 255];
const INK: [number, number, number] = [17, 17, 17];

/** '#ffffff' or '#111111', whichever reads better on `bg`. */
export function readableTextOn(bg: string): string {
  const rgb = parseHex(bg);
  if (!rgb) return '#ffffff';
  return contrastRatio(WHITE, rgb) >= contrastRatio(INK, rgb) ? '#ffffff' : '#111111';
}

function blend(fg: [number, number, number], bg: [number, number, number], alpha: number): [number, number, number] {
  return [0, 1, 2].map((i) => Math.round(fg[i]! * alpha + bg[i]! * (1 - alpha))) as [number, number, number];
}

/**
 * Opacity for a `surface` laid over `background` so that `text` keeps `target` contrast on it:
 * starts opaque, lowers 5 % a step, never below 30 %, at most 20 steps.
 */
export function surfaceOpacity(surface: string, background: string, text: string, target: number): number {
  const s = parseHex(surface);
  const b = parseHex(background);
  const t = parseHex(text);
  if (!s || !b || !t) return 1;
  let opacity = 1;
  for (let i = 0; i < 20 && opacity > 0.3; i++) {
    if (contrastRatio(t, blend(s, b, opacity)) >= target) break;
    opacity = Math.max(0.3, Math.round((opacity - 0.05) * 100) / 100);
  }
  return opacity;
}

/**
 * `color` itself when it reads on `background` at `target`, else a mix toward the readable ink
 * (in 10 % steps) that does: the event's primary used as text.
 */
export function readableAccent(color: string, background: string, target = AA_TEXT): string {
  const c = parseHex(color);
  const b = parseHex(background);
  if (!c || !b) return color;
  const ink = parseHex(readableTextOn(background)) ?? INK;
  for (let mix = 0; mix <= 1.0001; mix += 0.1) {
    const candidate = blend(ink, c, mix);
    if (contrastRatio(candidate, b) >= target) return toHex(candidate);
  }
  return toHex(ink);
}

export function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export function rgba(hex: string, alpha: number): string {
  const rgb = parseHex(hex);
  return rgb ? `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${alpha})` : hex;
}
