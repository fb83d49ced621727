import { describe, expect, it } from 'vitest';
import {
  AVATAR_COLORS,
  avatarColor,
  avatarDataUri,
  avatarSrc,
  avatarSvg,
  initials,
} from '../src/avatar.ts';
import { contrastRatio } from '../src/color.ts';

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['Ada King Lovelace', 'AL'],
    ['ada', 'A'],
    ['  grace   hopper  ', 'GH'],
    ['jane.doe@example.org', 'JD'],
    ['élodie durand', 'ÉD'],
    ['', '?'],
    ['   ', '?'],
    [null, '?'],
    ['!!! ???', '?'],
    ["(Sam) O'Neil", 'SO'],
  ])('%j → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('avatar colours', () => {
  it('every palette colour keeps white initials at AA contrast', () => {
    for (const c of AVATAR_COLORS) expect(contrastRatio('#ffffff', c)).toBeGreaterThanOrEqual(4.5);
  });

  it('is deterministic and case/space-insensitive', () => {
    expect(avatarColor('Ada Lovelace')).toBe(avatarColor('Ada Lovelace'));
    expect(avatarColor(' ada lovelace ')).toBe(avatarColor('Ada Lovelace'));
    expect(AVATAR_COLORS).toContain(avatarColor(''));
  });

  it('spreads names over several colours', () => {
    const names = [
      'Ada',
      'Grace',
      'Alan',
      'Linus',
      'Barbara',
      'Edsger',
      'Donald',
      'Margaret',
      'Ken',
      'Dennis',
    ];
    expect(new Set(names.map(avatarColor)).size).toBeGreaterThan(4);
  });
});

describe('SVG avatar', () => {
  it('keeps markup out of the SVG and sets the size', () => {
    const svg = avatarSvg('<b>x</b> & <script>', { size: 40 });
    expect(svg).toContain('width="40"');
    expect(svg).not.toMatch(/<b>|<script>/);
    expect(svg).toContain('>BS</text>');
  });

  it('squares and circles', () => {
    expect(avatarSvg('A', { shape: 'square' })).toContain('<rect');
    expect(avatarSvg('A')).toContain('<circle');
  });

  it('data URI decodes back to the SVG', () => {
    const uri = avatarDataUri('Ada Lovelace');
    expect(uri.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(uri.slice(uri.indexOf(',') + 1))).toBe(avatarSvg('Ada Lovelace'));
  });

  it('avatarSrc prefers the photo URL', () => {
    expect(avatarSrc('https://x.test/me.png', 'Me')).toBe('https://x.test/me.png');
    expect(avatarSrc('', 'Me')).toBe(avatarDataUri('Me'));
    expect(avatarSrc(null, null)).toBe(avatarDataUri(null));
  });
});
