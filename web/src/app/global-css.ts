// Build time only (vite.config.ts puts it in index.html); the app never imports this module.
import { ChakraProvider } from '@chakra-ui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { system } from './system.ts';

const STYLE_TAG = /<style[^>]*>([^<]*)<\/style>/g;

/**
 * The CSS ChakraProvider inserts at start (the cascade layers' order, the reset, the global
 * styles and every theme token as a variable, light and dark: ~50 KB), rendered by Chakra and
 * Emotion themselves on the server. index.html carries it, so a phone does not build and insert
 * it before the first screen (docs/performance.md, "First screens"); the app's provider is given
 * `runtimeSystem`, which leaves it out.
 */
export function chakraGlobalCss(): string {
  const markup = renderToStaticMarkup(
    createElement(ChakraProvider, { value: system, children: null }),
  );
  return [...markup.matchAll(STYLE_TAG)].map((m) => m[1]).join('');
}
