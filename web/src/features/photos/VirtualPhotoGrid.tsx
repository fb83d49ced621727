// The gallery grid: square photo cards, 2 to 4 columns, virtualised and fed page by page.
import type { ReactNode } from 'react';
import { VirtualGrid } from '../../components/VirtualGrid.tsx';

interface Props<T> {
  items: readonly T[];
  totalCount?: number;
  getKey(item: T): string;
  renderItem(item: T): ReactNode;
  onRangeChange?(first: number, last: number): void;
}

/** Columns by available width: 2 on phones, up to 4 on wide screens. */
export function columnsFor(width: number): number {
  if (width >= 1024) return 4;
  if (width >= 640) return 3;
  return 2;
}

/** Card height = square image + caption block. */
const CARD_FOOTER_PX = 84;

const rowHeightFor = (cardWidth: number) => cardWidth + CARD_FOOTER_PX;

export function VirtualPhotoGrid<T>(props: Props<T>) {
  return (
    <VirtualGrid
      {...props}
      columnsFor={columnsFor}
      rowHeightFor={rowHeightFor}
      testId="photo-grid"
    />
  );
}
