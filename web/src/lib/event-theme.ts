import { useEffect } from 'react';
import { AA_TEXT, AA_UI, readableAccent, readableTextOn, rgba, surfaceOpacity } from './contrast.ts';
import type { ColorMode } from './color-mode.tsx';
import type { ThemeColors } from './types.ts';

const VARS = [
  'primary',
  'primary-contrast',
  'primary-fg',
  'primary-fg-dark',
  'secondary',
  'tertiary',
  'event-bg',
  'event-surface',
] as const;

/** The CSS variables (see app/system.ts) that carry an event's theme, made WCAG AA-safe. */
export function eventThemeVariables(colors: ThemeColors, mode: ColorMode): Record<(typeof VARS)[number], string | null> {
  const pageText = readableTextOn(colors.background);
  const opacity = surfaceOpacity(colors.surface, colors.background, pageText, AA_UI);
  return {
    primary: colors.primary,
    'primary-contrast': readableTextOn(colors.primary),
    'primary-fg': readableAccent(colors.primary, mode === 'light' ? colors.background : '#111111', AA_TEXT),
    'primary-fg-dark': readableAccent(colors.primary, '#111111', AA_TEXT),
    secondary: colors.secondary,
    tertiary: colors.tertiary,
    // Background and surface are light-mode colours: dark mode keeps its own neutrals.
    'event-bg': mode === 'light' ? colors.background : null,
    'event-surface': mode === 'light' ? rgba(colors.surface, opacity) : null,
  };
}

function clearEventTheme(root: HTMLElement) {
  for (const name of VARS) root.style.removeProperty(`--gatherly-${name}`);
}

/**
 * Applies `colors` to the document while mounted (null removes them): the shell passes the
 * current event's colours on /events/*, Create Event passes the colours being chosen.
 */
export function useEventTheme(colors: ThemeColors | null, mode: ColorMode): void {
  const key = colors ? JSON.stringify(colors) : '';
  useEffect(() => {
    const root = document.documentElement;
    if (!key) {
      clearEventTheme(root);
      return;
    }
    const vars = eventThemeVariables(JSON.parse(key) as ThemeColors, mode);
    for (const [name, value] of Object.entries(vars)) {
      if (value === null) root.style.removeProperty(`--gatherly-${name}`);
      else root.style.setProperty(`--gatherly-${name}`, value);
    }
    return () => clearEventTheme(root);
  }, [key, mode]);
}
