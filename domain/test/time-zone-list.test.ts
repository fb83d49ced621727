import { describe, expect, it } from 'vitest';
import { listTimeZones, searchTimeZones, timeZoneOption } from '../src/time-zone-list.ts';
import { isValidTimeZone } from '../src/time-zones.ts';

const JUNE = new Date('2027-06-12T12:00:00Z');
const JANUARY = new Date('2027-01-12T12:00:00Z');
const options = listTimeZones(JUNE);
const ids = (list: readonly { id: string }[]) => list.map((o) => o.id);

describe('the picker list', () => {
  it('holds every inhabited zone once, each valid here, UTC included', () => {
    expect(options.length).toBeGreaterThan(250);
    expect(new Set(ids(options)).size).toBe(options.length);
    for (const o of options) expect(isValidTimeZone(o.id), o.id).toBe(true);
    expect(ids(options)).toContain('UTC');
    expect(ids(options)).toContain('America/Los_Angeles');
    expect(ids(options)).toContain('Asia/Kolkata');
    expect(ids(options)).toContain('Pacific/Auckland');
  });

  it('labels with the offset at the date, a friendly name and main cities', () => {
    const la = options.find((o) => o.id === 'America/Los_Angeles')!;
    expect(la).toMatchObject({
      name: 'Pacific Time',
      offset: 'UTC-07:00',
      abbreviation: 'PDT',
      countryName: 'United States',
    });
    expect(la.cities).toContain('Los Angeles');
    expect(la.label).toMatch(/^\(UTC-07:00\) Pacific Time – Los Angeles, /);
    const winter = listTimeZones(JANUARY).find((o) => o.id === 'America/Los_Angeles')!;
    expect(winter.offset).toBe('UTC-08:00');
    expect(winter.abbreviation).toBe('PST');
    const utc = options.find((o) => o.id === 'UTC')!;
    expect(utc.label).toBe('(UTC+00:00) Coordinated Universal Time');
  });

  it('is ordered by offset, west to east', () => {
    const offsets = options.map((o) => o.offset.replace('UTC', ''));
    const minutes = offsets.map((o) => {
      const [h, m] = o.slice(1).split(':').map(Number) as [number, number];
      return (o.startsWith('-') ? -1 : 1) * (h * 60 + m);
    });
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });
});

describe('search', () => {
  it.each([
    ['san francisco', 'America/Los_Angeles'],
    ['Pacific Time', 'America/Los_Angeles'],
    ['PDT', 'America/Los_Angeles'],
    ['los_angeles', 'America/Los_Angeles'],
    ['kolkata', 'Asia/Kolkata'],
    ['Calcutta', 'Asia/Kolkata'],
    ['mumbai', 'Asia/Kolkata'],
    ['auckland', 'Pacific/Auckland'],
    ['new zealand', 'Pacific/Auckland'],
    ['utc', 'UTC'],
    ['zürich', 'Europe/Zurich'],
    ['zurich', 'Europe/Zurich'],
    ['UTC+05:30', 'Asia/Kolkata'],
  ])('%j finds %s', (query, id) => {
    expect(ids(searchTimeZones(options, query))).toContain(id);
  });

  it('every word must match; blank lists all; nonsense finds nothing', () => {
    expect(ids(searchTimeZones(options, 'pacific san'))).toContain('America/Los_Angeles');
    expect(ids(searchTimeZones(options, 'pacific san'))).not.toContain('Pacific/Auckland');
    expect(searchTimeZones(options, '   ')).toHaveLength(options.length);
    expect(searchTimeZones(options, 'qqqqq')).toEqual([]);
  });
});

describe('the entry for a stored zone', () => {
  it('finds the listed entry through any of its names', () => {
    expect(timeZoneOption('Asia/Calcutta', options, JUNE)?.id).toBe('Asia/Kolkata');
    expect(timeZoneOption('US/Pacific', options, JUNE)?.id).toBe('America/Los_Angeles');
    expect(timeZoneOption('america/los_angeles', options, JUNE)?.id).toBe('America/Los_Angeles');
    expect(timeZoneOption('Etc/UTC', options, JUNE)?.id).toBe('UTC');
  });

  it('builds one for a valid zone the list does not hold; null for an invalid one', () => {
    const est = timeZoneOption('Etc/GMT+5', options, JUNE);
    expect(est).toMatchObject({ id: 'Etc/GMT+5', offset: 'UTC-05:00' });
    expect(est?.label).toMatch(/^\(UTC-05:00\) /);
    expect(timeZoneOption('Mars/Base', options, JUNE)).toBeNull();
  });
});
