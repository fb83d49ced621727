// A list of any size scrolls smoothly: only the rows near the viewport are mounted. Fed page by
// page (docs/performance.md, "Paging"): `totalCount` sizes the scroll height from the start,
// slots not loaded yet show placeholders, and `onRangeChange` tells the pager which items are on
// screen (to load the next page and keep only nearby pages live).
import { Box, Grid } from '@chakra-ui/react';
import { Skeleton } from './chakra/Skeleton.ts';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface VirtualGridProps<T> {
  items: readonly T[];
  /** Slots to size the grid for (≥ items.length); the rest show placeholders. */
  totalCount?: number;
  getKey(item: T): string;
  renderItem(item: T): ReactNode;
  /** The first and last item index of the rows on screen, whenever they change. */
  onRangeChange?(first: number, last: number): void;
  /** Columns for the grid's width in pixels. */
  columnsFor(width: number): number;
  /** A row's height (gap excluded) for a card width. */
  rowHeightFor(cardWidth: number): number;
  gap?: number;
  testId?: string;
}

export function VirtualGrid<T>({
  items,
  totalCount = items.length,
  getKey,
  renderItem,
  onRangeChange,
  columnsFor,
  rowHeightFor,
  gap = 16,
  testId,
}: VirtualGridProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  // The grid's width and place on the page, null until the first layout: until then the range
  // is the initial guess's, which must not ask the pager for pages.
  const [layout, setLayout] = useState<{ width: number; offset: number } | null>(null);
  const width = layout?.width ?? 0;
  const offset = layout?.offset ?? 0;

  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const measure = () => {
      const next = {
        width: el.clientWidth,
        offset: el.getBoundingClientRect().top + window.scrollY,
      };
      setLayout((prev) =>
        prev?.width === next.width && prev.offset === next.offset ? prev : next,
      );
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const columns = columnsFor(width || 1024);
  const slots = Math.max(totalCount, items.length);
  const rowCount = Math.ceil(slots / columns);
  const cardWidth = width ? (width - gap * (columns - 1)) / columns : 240;
  const rowHeight = rowHeightFor(cardWidth) + gap;

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    overscan: 3,
    scrollMargin: offset,
    // A row is as tall as its tallest card (text wraps in narrow columns); `rowHeightFor` is the
    // estimate until it is measured. jsdom has no layout: the estimate stands.
    measureElement: (el) => (el.getBoundingClientRect().height || rowHeight - gap) + gap,
    // jsdom and first paint have no layout: render a screenful so content is never blank.
    initialRect: { width: 1024, height: 900 },
  });

  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  const rows = virtualizer.getVirtualItems();
  // The rows on screen, without the overscan: the pager loads what is seen, not what is
  // mounted ahead of it.
  const seen = virtualizer.range;
  const firstRow = seen?.startIndex ?? rows[0]?.index ?? 0;
  const lastRow = seen?.endIndex ?? rows[rows.length - 1]?.index ?? 0;
  useEffect(() => {
    if (layout) onRangeChange?.(firstRow * columns, Math.min(slots, (lastRow + 1) * columns) - 1);
  }, [layout, onRangeChange, firstRow, lastRow, columns, slots]);

  return (
    <Box
      ref={container}
      position="relative"
      height={`${virtualizer.getTotalSize()}px`}
      data-testid={testId}
    >
      {rows.map((row) => {
        const start = row.index * columns;
        const end = Math.min(start + columns, slots);
        const rowItems = items.slice(start, end);
        const placeholders = Math.max(end - start - rowItems.length, 0);
        return (
          <Grid
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            position="absolute"
            top="0"
            left="0"
            width="100%"
            minHeight={`${rowHeight - gap}px`}
            transform={`translateY(${row.start - virtualizer.options.scrollMargin}px)`}
            templateColumns={`repeat(${columns}, minmax(0, 1fr))`}
            gap={`${gap}px`}
          >
            {rowItems.map((item) => (
              <Box key={getKey(item)} minW="0">
                {renderItem(item)}
              </Box>
            ))}
            {Array.from({ length: placeholders }, (_, i) => (
              <Skeleton key={`placeholder-${i}`} borderRadius="l3" data-testid="grid-placeholder" />
            ))}
          </Grid>
        );
      })}
    </Box>
  );
}
