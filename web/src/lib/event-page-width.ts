// The content width of an event screen (photos, travel, members, dashboard), known from the
// window's width before anything is laid out, so a grid can size its first page up front. It
// follows the layout: the shell's side navigation (`w="64"`, from `md`) and the screens'
// `maxW="6xl"` and `p={{ base: '4', md: '8' }}`.
const MD_PX = 768;
const SIDE_NAV_PX = 256;
const PAGE_MAX_PX = 1152;
const PADDING_PX = { base: 16, md: 32 };

export function eventPageContentWidth(windowWidth: number): number {
  const md = windowWidth >= MD_PX;
  const main = windowWidth - (md ? SIDE_NAV_PX : 0);
  return Math.min(main, PAGE_MAX_PX) - 2 * (md ? PADDING_PX.md : PADDING_PX.base);
}
