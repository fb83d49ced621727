// A grid's first page on an event screen (photos, travel), sized from the window's width before
// anything is laid out. The content width follows the layout: the shell's side navigation
// (`w="64"`, from `md`) and the screens' `maxW="6xl"` and `p={{ base: '4', md: '8' }}`.
import { useState } from 'react';

const MD_PX = 768;
const SIDE_NAV_PX = 256;
const PAGE_MAX_PX = 1152;
const PADDING_PX = { base: 16, md: 32 };

/** Rows a first page holds: what a first screen shows under a screen's heading, or a row more. */
const FIRST_PAGE_ROWS = 3;

export function eventPageContentWidth(windowWidth: number): number {
  const md = windowWidth >= MD_PX;
  const main = windowWidth - (md ? SIDE_NAV_PX : 0);
  return Math.min(main, PAGE_MAX_PX) - 2 * (md ? PADDING_PX.md : PADDING_PX.base);
}

/**
 * Three rows of the columns the grid shows at this window's width. Slots on screen without an
 * item load the next page (live/search-pages.ts), so a taller window is still filled.
 */
export function firstPageSize(windowWidth: number, columnsFor: (width: number) => number): number {
  return columnsFor(eventPageContentWidth(windowWidth)) * FIRST_PAGE_ROWS;
}

/** The first page size for the window at open, kept while the grid is mounted (a query limit). */
export function useFirstPageSize(columnsFor: (width: number) => number): number {
  const [pageSize] = useState(() => firstPageSize(window.innerWidth, columnsFor));
  return pageSize;
}
