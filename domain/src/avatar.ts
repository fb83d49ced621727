/**
 * Generated initials avatars (docs/product.md, "Events list": the fallback when there is no photo or logo). Made locally as SVG
 * data URIs instead of calling an external avatar service: works offline, leaks no names.
 */
import { LIGHT_TEXT, contrastRatio, readableTextColor } from './color.ts';

/**
 * Avatar backgrounds; each reaches at least 4.5:1 against white text (checked in tests), so the
 * initials stay readable whatever colour a name hashes to.
 */
export const AVATAR_COLORS: readonly string[] = [
  '#4f46e5', // indigo
  '#7c3aed', // violet
  '#c026d3', // fuchsia
  '#be185d', // pink
  '#b91c1c', // red
  '#c2410c', // orange
  '#a16207', // amber
  '#15803d', // green
  '#0f766e', // teal
  '#0e7490', // cyan
  '#1d4ed8', // blue
  '#475569', // slate
];

/**
 * Up to two letters: first letters of the first and last words ("Ada King Lovelace" → "AL"),
 * a single word gives its first letter, an e-mail its local part; '?' when nothing usable.
 */
export function initials(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  const base =
    trimmed.includes('@') && !trimmed.includes(' ') ? (trimmed.split('@')[0] ?? '') : trimmed;
  const words = base.split(/[\s._-]+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const first = words[0];
  if (!first) return '?';
  const letterOf = (w: string) => [...w].find((ch) => /[\p{L}\p{N}]/u.test(ch)) ?? '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return (letterOf(first) + (last ? letterOf(last) : '')).toLocaleUpperCase();
}

/** 32-bit FNV-1a: small, stable across runtimes. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The same seed (name, uid, ...) always gets the same colour. */
export function avatarColor(seed: string): string {
  return (
    AVATAR_COLORS[hash(seed.trim().toLowerCase()) % AVATAR_COLORS.length] ??
    AVATAR_COLORS[0] ??
    '#475569'
  );
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export interface AvatarOptions {
  /** Pixel size of the square SVG (default 128). */
  size?: number;
  /** Override the hashed background. */
  background?: string;
  /** Round (default) or square (event logos). */
  shape?: 'circle' | 'square';
}

/** The avatar as an SVG document. */
export function avatarSvg(name: string | null | undefined, options: AvatarOptions = {}): string {
  const size = options.size ?? 128;
  const background = options.background ?? avatarColor(name ?? '');
  const text =
    contrastRatio(LIGHT_TEXT, background) >= 4.5 ? LIGHT_TEXT : readableTextColor(background);
  const letters = escapeXml(initials(name));
  const half = size / 2;
  const shape =
    options.shape === 'square'
      ? `<rect width="${size}" height="${size}" fill="${background}"/>`
      : `<circle cx="${half}" cy="${half}" r="${half}" fill="${background}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${letters}">` +
    shape +
    `<text x="50%" y="50%" dy=".1em" fill="${text}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${Math.round(size * 0.42)}" font-weight="600" text-anchor="middle" dominant-baseline="middle">${letters}</text>` +
    `</svg>`
  );
}

/** A `data:image/svg+xml` URI usable directly as an <img src>. */
export function avatarDataUri(
  name: string | null | undefined,
  options: AvatarOptions = {},
): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(avatarSvg(name, options))}`;
}

/** The user's photo when set, else their generated avatar. */
export function avatarSrc(
  photoURL: string | null | undefined,
  displayName: string | null | undefined,
): string {
  return photoURL && photoURL.trim() !== '' ? photoURL : avatarDataUri(displayName);
}
