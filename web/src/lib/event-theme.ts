import { deriveTheme, meetsContrast, toRgba } from '@gatherly/domain/color';
import { useEffect } from 'react';
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
  'event-fg',
  'event-surface',
] as const;

const DARK_PAGE = '#111111';

/**
 * The CSS variables (read by app/system.ts) that carry an event's theme, made WCAG AA-safe by
 * the domain optimiser: text colour on the primary fill, the primary itself as text only where
 * it reaches 4.5:1 on the page, and the surface's card opacity.
 */
export function eventThemeVariables(
  colors: ThemeColors,
  mode: ColorMode,
): Record<(typeof VARS)[number], string | null> {
  const theme = deriveTheme(colors);
  const { primary, secondary, tertiary, background, surface } = theme.colors;
  return {
    primary,
    'primary-contrast': theme.text.onPrimary,
    'primary-fg': meetsContrast(primary, background) ? primary : theme.text.onBackground,
    'primary-fg-dark': meetsContrast(primary, DARK_PAGE) ? primary : '#ffffff',
    secondary,
    tertiary,
    // Background and surface are light-mode colours: dark mode keeps its own neutrals.
    'event-bg': mode === 'light' ? background : null,
    'event-fg': mode === 'light' ? theme.text.onBackground : null,
    'event-surface': mode === 'light' ? toRgba(surface, theme.surfaces.card.opacity) : null,
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
