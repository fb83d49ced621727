import { describe, expect, it } from 'vitest';
import { columnsFor } from '../../src/features/photos/VirtualPhotoGrid.tsx';
import { travelColumns } from '../../src/features/travel/TravelLists.tsx';
import { eventPageContentWidth, firstPageSize } from '../../src/lib/grid-first-page.ts';

const travelPageSize = (windowWidth: number) => firstPageSize(windowWidth, travelColumns);
const photoPageSize = (windowWidth: number) => firstPageSize(windowWidth, columnsFor);

describe('grid pages sized from the window', () => {
  it('gives a card room for its three times: 1 column on phones, 2 on laptops, 3 on wide desktops', () => {
    expect(travelColumns(358)).toBe(1);
    expect(travelColumns(559)).toBe(1);
    expect(travelColumns(560)).toBe(2);
    expect(travelColumns(960)).toBe(2);
    expect(travelColumns(1039)).toBe(2);
    expect(travelColumns(1040)).toBe(3);
  });

  it("knows an event screen's content width: side navigation from md, padding, the 6xl cap", () => {
    expect(eventPageContentWidth(390)).toBe(358);
    expect(eventPageContentWidth(767)).toBe(735);
    expect(eventPageContentWidth(768)).toBe(768 - 256 - 64);
    expect(eventPageContentWidth(1280)).toBe(960);
    expect(eventPageContentWidth(1920)).toBe(1152 - 64);
  });

  it('loads three rows of the columns shown as the first page', () => {
    expect(travelPageSize(390)).toBe(3);
    expect(travelPageSize(1024)).toBe(6);
    expect(travelPageSize(1280)).toBe(6);
    expect(travelPageSize(1440)).toBe(9);
    expect(travelPageSize(1920)).toBe(9);
  });

  it("loads three rows of the gallery's columns as its first page", () => {
    expect(photoPageSize(390)).toBe(6);
    expect(photoPageSize(1280)).toBe(9);
    expect(photoPageSize(1920)).toBe(12);
  });
});
