import { describe, expect, it } from 'vitest';
import { DEFAULT_BANNER_SETTINGS, DEFAULT_THEME_COLORS } from '../src/entities/events.ts';
import { RSVP_STATUSES, rsvpLabel } from '../src/rsvp-options.ts';

describe('entity defaults (docs/product.md, "Create Event")', () => {
  it('theme colours', () => {
    expect(DEFAULT_THEME_COLORS).toEqual({
      primary: '#6236ff',
      secondary: '#14b8a6',
      tertiary: '#f59e0b',
      background: '#ffffff',
      surface: '#f8fafc',
    });
    expect(Object.isFrozen(DEFAULT_THEME_COLORS)).toBe(true);
  });

  it('banner settings: contained, auto-rotate every 4000 ms, no custom image', () => {
    expect(DEFAULT_BANNER_SETTINGS).toEqual({
      style: 'contained',
      autoRotate: true,
      rotateInterval: 4000,
      customBannerImage: null,
    });
  });

  it('RSVP statuses and labels, including display-only Not Responded', () => {
    expect(RSVP_STATUSES).toEqual(['going', 'not_going', 'maybe']);
    expect(rsvpLabel('going')).toBe('Going');
    expect(rsvpLabel('not_going')).toBe('Not Going');
    expect(rsvpLabel('maybe')).toBe('Maybe');
    expect(rsvpLabel(null)).toBe('Not Responded');
    expect(rsvpLabel(undefined)).toBe('Not Responded');
  });
});
