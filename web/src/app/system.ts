import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type SystemContext,
} from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with only the component recipes the first screens draw (the landing
 * page, an invitation, an event link, a sign-in link, and the error screen every route may
 * show): every recipe here is in the chunk every visitor downloads. Components
 * only lazily loaded code uses (the signed-in shell and screens included) carry their recipe in
 * their own module instead (components/chakra/, docs/decisions.md, "Recipes of lazily loaded
 * components"). test/system.test.ts fails when a screen uses a component with neither.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  link: linkRecipe,
  spinner: spinnerRecipe,
};

export const slotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
};

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes,
    slotRecipes,
  },
});

/**
 * On the event's page in light mode `brand.fg` and `gray.fg` are made readable on the page's own
 * background (`primary-fg-page`, `event-fg`); a badge or button filled with a tint of its palette
 * takes the text made readable on the tints instead (event-theme.ts; Chakra's gray), as it does
 * inside cards. Other palettes keep Chakra's pairs, which pass AA in both modes.
 */
const onTint = {
  'html.light [data-event-page] &': {
    '--chakra-colors-brand-fg': 'var(--gatherly-primary-fg, #5028e0)',
    '--chakra-colors-gray-fg': '#27272a',
  },
};

/**
 * Gatherly's additions. The `brand` palette reads CSS variables so an event's theme colours (set
 * by useEventTheme on /events/* and /create-event) restyle every brand-coloured control; the
 * fallbacks are Gatherly's own colours.
 */
const v = (name: string, fallback: string) => ({ value: `var(--gatherly-${name}, ${fallback})` });

const config = defineConfig({
  globalCss: {
    // Portaled layers (dialogs, drawers, menus, toasts) and the shell's bars keep Chakra's text
    // colour; only the page area below takes the event's.
    body: {
      bg: 'var(--gatherly-event-bg, var(--chakra-colors-bg))',
      color: 'var(--chakra-colors-fg)',
    },
    // Text drawn straight on the event's page (light mode: the page is the event's background)
    // takes the page's derived colours; panels, cards, dialogs and menus keep Chakra's own, as
    // they sit on their own neutral background. The fallbacks are Chakra's light values.
    'html.light [data-event-page]': {
      '--chakra-colors-fg': 'var(--gatherly-event-fg, #09090b)',
      '--chakra-colors-fg-muted': 'var(--gatherly-event-fg-muted, #52525b)',
      '--chakra-colors-gray-fg': 'var(--gatherly-event-fg, #27272a)',
      // Controls without a colorPalette use the default one, otherwise resolved on <html>.
      '--chakra-colors-color-palette-fg': 'var(--gatherly-event-fg, #27272a)',
      '--chakra-colors-brand-fg':
        'var(--gatherly-primary-fg-page, var(--gatherly-primary-fg, #5028e0))',
    },
    'html.light [data-event-page] :is(.chakra-card__root, .chakra-stat__root, [data-part=content], [data-panel])':
      {
        '--chakra-colors-fg': '#09090b',
        '--chakra-colors-fg-muted': '#52525b',
        '--chakra-colors-gray-fg': '#27272a',
        '--chakra-colors-color-palette-fg': '#27272a',
        '--chakra-colors-brand-fg': 'var(--gatherly-primary-fg, #5028e0)',
      },
  },
  theme: {
    // Extensions of Chakra's recipes (createSystem merges them into them).
    recipes: {
      badge: { variants: { variant: { subtle: onTint, surface: onTint } } },
      button: { variants: { variant: { subtle: onTint, surface: onTint } } },
    },
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
        // Chakra's light red.500 reads at 3.8:1 on white; error text needs AA (4.5:1).
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } },
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

// createSystem merges its configs itself: merging them before would clone and merge the whole
// theme twice at every start (docs/decisions.md, "A light first screen").
export const system = createSystem(defaultBaseConfig, chakraTheme, config);

/**
 * The system the app's ChakraProvider gets: the same, without the global CSS it would insert at
 * start, which index.html already carries (global-css.ts).
 */
export const runtimeSystem: SystemContext = { ...system, _global: [] };
