import { useEffect, useState } from 'react';
import { nextSlideIndex } from '@gatherly/domain/banner';

/** The visible slide: advances every `interval` ms while enabled and not paused (hover). */
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
    const timer = setInterval(() => setIndex((i) => nextSlideIndex(i % count, count)), interval);
    return () => clearInterval(timer);
  }, [enabled, paused, count, interval]);
  return [safeIndex, setIndex] as const;
}
