import {
  compositeOver,
  deriveTheme,
  mutedTextColor,
  readableVariant,
  toRgba,
} from '@gatherly/domain/color';
import { useEffect } from 'react';
import type { ColorMode } from './color-mode.tsx';
import type { ThemeColors } from './types.ts';

const VARS = [
  'primary',
  'primary-contrast',
  'primary-fg',
  'primary-fg-dark',
  'primary-fg-page',
  'secondary',
  'tertiary',
  'event-bg',
  'event-fg',
  'event-fg-muted',
  'event-surface',
] as const;

/**
 * The darkest (light mode) and lightest (dark mode) tints brand text sits on: `brand.muted`,
 * the hover of an active nav item (system.ts); text that reads there reads on the paler tints.
 */
const lightTint = (primary: string) => compositeOver(primary, '#ffffff', 0.25);
const darkTint = (primary: string) => compositeOver(primary, '#000000', 0.4);

/**
 * The CSS variables (read by app/system.ts) that carry an event's theme, made WCAG AA-safe by
 * the domain optimiser: text colour on the primary fill; the primary as text on panels and their
 * tints (`primary-fg`, `primary-fg-dark`) and on the event's page (`primary-fg-page`), each moved
 * towards black or white until it reads; the page's text and secondary text; the surface's card
 * opacity. Every pair is checked in Chromium by journey 14 (axe-core colour contrast).
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
    'primary-fg': readableVariant(primary, lightTint(primary)),
    'primary-fg-dark': readableVariant(primary, darkTint(primary)),
    'primary-fg-page': mode === 'light' ? readableVariant(primary, background) : null,
    secondary,
    tertiary,
    // Background and surface are light-mode colours: dark mode keeps its own neutrals.
    'event-bg': mode === 'light' ? background : null,
    'event-fg': mode === 'light' ? theme.text.onBackground : null,
    'event-fg-muted': mode === 'light' ? mutedTextColor(background) : null,
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
