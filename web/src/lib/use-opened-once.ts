import { useState } from 'react';

/**
 * True from the first time `open` is true on: an overlay whose code loads on first use mounts
 * then and stays mounted, so closing it still plays its exit animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
