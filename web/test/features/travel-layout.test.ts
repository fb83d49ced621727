import { describe, expect, it } from 'vitest';
import {
  travelColumns,
  travelGridWidth,
  travelPageSize,
} from '../../src/features/travel/TravelLists.tsx';

describe('travel layout', () => {
  it('gives a card room for its three times: 1 column on phones, 2 on laptops, 3 on wide desktops', () => {
    expect(travelColumns(358)).toBe(1);
    expect(travelColumns(559)).toBe(1);
    expect(travelColumns(560)).toBe(2);
    expect(travelColumns(960)).toBe(2);
    expect(travelColumns(1039)).toBe(2);
    expect(travelColumns(1040)).toBe(3);
  });

  it('knows the grid width from the window: side navigation from md, padding, the 6xl cap', () => {
    expect(travelGridWidth(390)).toBe(358);
    expect(travelGridWidth(767)).toBe(735);
    expect(travelGridWidth(768)).toBe(768 - 256 - 64);
    expect(travelGridWidth(1280)).toBe(960);
    expect(travelGridWidth(1920)).toBe(1152 - 64);
  });

  it('loads three rows of the columns shown as the first page', () => {
    expect(travelPageSize(390)).toBe(3);
    expect(travelPageSize(1024)).toBe(6);
    expect(travelPageSize(1280)).toBe(6);
    expect(travelPageSize(1440)).toBe(9);
    expect(travelPageSize(1920)).toBe(9);
  });
});
