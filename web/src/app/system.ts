import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chakra system. The `brand` palette reads CSS variables so an event's theme colours (set by
 * applyEventTheme on /events/* and /create-event) restyle every brand-coloured control; the
 * fallbacks are Gatherly's own colours.
 */
const v = (name: string, fallback: string) => ({ value: `var(--gatherly-${name}, ${fallback})` });

const config = defineConfig({
  globalCss: {
    body: {
      bg: 'var(--gatherly-event-bg, var(--chakra-colors-bg))',
      color: 'var(--gatherly-event-fg, var(--chakra-colors-fg))',
    },
  },
  theme: {
    semanticTokens: {
      colors: {
        brand: {
          solid: v('primary', '#6236ff'),
          contrast: v('primary-contrast', '#ffffff'),
          fg: {
            value: {
              _light: 'var(--gatherly-primary-fg, #5028e0)',
              _dark: 'var(--gatherly-primary-fg-dark, #b3a1ff)',
            },
          },
          muted: {
            value: {
              _light: 'color-mix(in srgb, var(--gatherly-primary, #6236ff) 25%, white)',
              _dark: 'color-mix(in srgb, var(--gatherly-primary, #6236ff) 40%, black)',
            },
          },
          subtle: {
            value: {
              _light: 'color-mix(in srgb, var(--gatherly-primary, #6236ff) 12%, white)',
              _dark: 'color-mix(in srgb, var(--gatherly-primary, #6236ff) 25%, black)',
            },
          },
          emphasized: {
            value: {
              _light: 'color-mix(in srgb, var(--gatherly-primary, #6236ff) 35%, white)',
              _dark: 'color-mix(in srgb, var(--gatherly-primary, #6236ff) 50%, black)',
            },
          },
          focusRing: v('primary', '#6236ff'),
        },
        accent: {
          secondary: v('secondary', '#14b8a6'),
          tertiary: v('tertiary', '#f59e0b'),
        },
        surface: {
          card: {
            value: {
              _light: 'var(--gatherly-event-surface, var(--chakra-colors-bg-panel))',
              _dark: 'var(--chakra-colors-bg-panel)',
            },
          },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
