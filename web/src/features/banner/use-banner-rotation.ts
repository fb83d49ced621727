import { useEffect, useState } from 'react';
import { nextSlideIndex } from '@gatherly/domain/banner';

/**
 * The visible slide: advances `interval` ms after it was shown while enabled and not paused
 * (hover, focus, the pause button). A slide picked by hand gets its full interval too.
 */
export function useBannerRotation(
  count: number,
  interval: number,
  enabled: boolean,
  paused: boolean,
) {
  const [index, setIndex] = useState(0);
  const safeIndex = count > 0 ? index % count : 0;
  useEffect(() => {
    if (!enabled || paused || count <= 1) return;
    const timer = setTimeout(() => setIndex(nextSlideIndex(safeIndex, count)), interval);
    return () => clearTimeout(timer);
  }, [enabled, paused, count, interval, safeIndex]);
  return [safeIndex, setIndex] as const;
}
