/**
 * The searchable list behind the time-zone pickers (Create Event, Settings, flight form), from
 * `@vvo/tzdb`: every IANA zone grouped by country and clock, with a friendly name and its main
 * cities, so "San Francisco", "Pacific", "PDT" and "los angeles" all find America/Los_Angeles.
 * Offsets are the runtime's (Temporal/Intl) at the given date. About 25 KB gzipped: the web loads
 * this module only on screens with a picker.
 */
import { getTimeZones } from '@vvo/tzdb';
import type { TimeZoneId } from './entities/common.ts';
import {
  DEFAULT_EVENT_TIME_ZONE,
  formatUtcOffset,
  normalizeTimeZone,
  timeZoneAbbreviation,
} from './time-zones.ts';

export interface TimeZoneOption {
  /** The value to store: "America/Los_Angeles" ("UTC" for UTC). */
  id: TimeZoneId;
  /** "Pacific Time". */
  name: string;
  /** Up to four, most populated first: ["Los Angeles", "San Diego", ...]. */
  cities: string[];
  countryName: string;
  /** At the list's date: "UTC-07:00". */
  offset: string;
  /** At the list's date: "PDT". */
  abbreviation: string;
  /** "(UTC-07:00) Pacific Time – Los Angeles, San Diego, San Jose, San Francisco". */
  label: string;
  /** Every name that shows this zone's time, current or deprecated ("Asia/Calcutta"). */
  aliases: TimeZoneId[];
}

function labelOf(offset: string, name: string, cities: readonly string[]): string {
  const places = cities.filter((c) => c !== '').join(', ');
  return `(${offset}) ${name}${places ? ` – ${places}` : ''}`;
}

/** Every zone for a picker, ordered by offset at `at` (default now). */
export function listTimeZones(at: Date = new Date()): TimeZoneOption[] {
  const options: TimeZoneOption[] = [];
  for (const zone of getTimeZones({ includeUtc: true, date: at })) {
    const utc = zone.group.includes(DEFAULT_EVENT_TIME_ZONE);
    // The group's first name this runtime knows (older ICU builds lack a few new names).
    const id = utc
      ? DEFAULT_EVENT_TIME_ZONE
      : [zone.name, ...zone.group].map(normalizeTimeZone).find((z) => z !== null);
    if (!id) continue;
    const name = utc ? 'Coordinated Universal Time' : zone.alternativeName;
    const cities = zone.mainCities.filter((c) => c !== '');
    const offset = formatUtcOffset(at, id);
    options.push({
      id,
      name,
      cities,
      countryName: zone.countryName,
      offset,
      abbreviation: timeZoneAbbreviation(at, id),
      label: labelOf(offset, name, cities),
      aliases: [...new Set([id, ...zone.group])],
    });
  }
  return options;
}

const friendlyNames = new Map<string, Intl.DateTimeFormat>();

/**
 * A picker entry for any valid zone, also one the list does not hold (a stored legacy name like
 * "US/Pacific" or "EST"): the list's entry when one of its names matches, else one built from
 * Intl's generic name and the city in the zone's name. null for an invalid zone.
 */
export function timeZoneOption(
  zone: string,
  options: readonly TimeZoneOption[],
  at: Date = new Date(),
): TimeZoneOption | null {
  const id = normalizeTimeZone(zone);
  if (!id) return null;
  const listed = options.find((o) => o.aliases.some((a) => a.toLowerCase() === id.toLowerCase()));
  if (listed) return listed;
  let format = friendlyNames.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: id, timeZoneName: 'longGeneric' });
    friendlyNames.set(id, format);
  }
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? id;
  const city = id.includes('/') ? (id.split('/').pop() ?? '').replace(/_/g, ' ') : '';
  const cities = city ? [city] : [];
  const offset = formatUtcOffset(at, id);
  return {
    id,
    name,
    cities,
    countryName: '',
    offset,
    abbreviation: timeZoneAbbreviation(at, id),
    label: labelOf(offset, name, cities),
    aliases: [id],
  };
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/_/g, ' ');

const searchText = new WeakMap<TimeZoneOption, string>();

function haystack(option: TimeZoneOption): string {
  let text = searchText.get(option);
  if (text === undefined) {
    text = fold(
      [
        ...option.aliases,
        option.name,
        ...option.cities,
        option.countryName,
        option.abbreviation,
        option.offset,
      ].join(' | '),
    );
    searchText.set(option, text);
  }
  return text;
}

/**
 * The options matching every word of the query (in any of: zone names, friendly name, cities,
 * country, abbreviation, offset), in list order; all of them for a blank query.
 */
export function searchTimeZones(
  options: readonly TimeZoneOption[],
  query: string,
): TimeZoneOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) => {
    const text = haystack(o);
    return words.every((w) => text.includes(w));
  });
}
