// A gallery of any size scrolls smoothly: only the rows near the viewport are mounted.
import { Box, Grid } from '@chakra-ui/react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface Props<T> {
  items: readonly T[];
  getKey(item: T): string;
  renderItem(item: T): ReactNode;
  gap?: number;
}

/** Columns by available width: 2 on phones, up to 4 on wide screens. */
export function columnsFor(width: number): number {
  if (width >= 1024) return 4;
  if (width >= 640) return 3;
  return 2;
}

/** Card height = square image + caption block. */
const CARD_FOOTER_PX = 84;

export function VirtualPhotoGrid<T>({ items, getKey, renderItem, gap = 16 }: Props<T>) {
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setOffset(el.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const columns = columnsFor(width || 1024);
  const rowCount = Math.ceil(items.length / columns);
  const cardWidth = width ? (width - gap * (columns - 1)) / columns : 240;
  const rowHeight = cardWidth + CARD_FOOTER_PX + gap;

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    overscan: 3,
    scrollMargin: offset,
    // jsdom and first paint have no layout: render a screenful so content is never blank.
    initialRect: { width: 1024, height: 900 },
  });

  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  return (
    <Box
      ref={container}
      position="relative"
      height={`${virtualizer.getTotalSize()}px`}
      data-testid="photo-grid"
    >
      {virtualizer.getVirtualItems().map((row) => {
        const start = row.index * columns;
        const rowItems = items.slice(start, start + columns);
        return (
          <Grid
            key={row.key}
            position="absolute"
            top="0"
            left="0"
            width="100%"
            height={`${rowHeight - gap}px`}
            transform={`translateY(${row.start - virtualizer.options.scrollMargin}px)`}
            templateColumns={`repeat(${columns}, minmax(0, 1fr))`}
            gap={`${gap}px`}
          >
            {rowItems.map((item) => (
              <Box key={getKey(item)} minW="0">
                {renderItem(item)}
              </Box>
            ))}
          </Grid>
        );
      })}
    </Box>
  );
}
