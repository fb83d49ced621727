/**
 * Flight times: each time is entered and shown in its own airport's zone, as printed on a
 * ticket (departure in the departure airport's zone, arrival in the arrival airport's), and
 * compared as instants, so an overnight eastbound flight and a westbound one that "lands before
 * it departs" on the local clocks are both in order. Airport codes are looked up in airports.ts.
 */
import type { TimeZoneId } from './entities/common.ts';
import {
  displayTimeZone,
  normalizeTimeZone,
  toInstant,
  toZoned,
  type TimeLike,
} from './time-zones.ts';

/** What the zone and ordering helpers need of a flight (stored, requested or from a form). */
export interface FlightTiming {
  departureTime: TimeLike | null;
  arrivalTime: TimeLike | null;
  departureTimeZone?: TimeZoneId | null;
  arrivalTimeZone?: TimeZoneId | null;
}

/**
 * The zones a flight's times are shown in: its airports' zones, or `fallbackTimeZone` (the
 * event's) for a flight added before flights had zones.
 */
export function flightTimeZones(
  flight: Pick<FlightTiming, 'departureTimeZone' | 'arrivalTimeZone'>,
  fallbackTimeZone: string,
): { departure: TimeZoneId; arrival: TimeZoneId } {
  const fallback = displayTimeZone(fallbackTimeZone);
  return {
    departure: normalizeTimeZone(flight.departureTimeZone) ?? fallback,
    arrival: normalizeTimeZone(flight.arrivalTimeZone) ?? fallback,
  };
}

/**
 * True when the arrival instant is after the departure instant; also true when either time is
 * missing or unreadable (the "required" and "valid date" checks report those).
 */
export function isArrivalAfterDeparture(
  departureTime: TimeLike | null | undefined,
  arrivalTime: TimeLike | null | undefined,
): boolean {
  const departure = toInstant(departureTime);
  const arrival = toInstant(arrivalTime);
  return !departure || !arrival || arrival.epochNanoseconds > departure.epochNanoseconds;
}

/** Time in the air: "11h 5m", "45m"; '' when unknown or not after departure. */
export function formatFlightDuration(
  departureTime: TimeLike | null | undefined,
  arrivalTime: TimeLike | null | undefined,
): string {
  const departure = toInstant(departureTime);
  const arrival = toInstant(arrivalTime);
  if (!departure || !arrival || arrival.epochNanoseconds <= departure.epochNanoseconds) return '';
  const d = departure.until(arrival, { largestUnit: 'hours', smallestUnit: 'minutes' });
  return d.hours > 0 ? `${d.hours}h ${d.minutes}m` : `${d.minutes}m`;
}

/**
 * Calendar days between the local departure date and the local arrival date, as tickets mark
 * them: 1 for an overnight JFK → LHR flight, 0 or -1 for a westbound Pacific crossing; null
 * when a time is missing.
 */
export function arrivalDayShift(flight: FlightTiming, fallbackTimeZone: string): number | null {
  const zones = flightTimeZones(flight, fallbackTimeZone);
  const departure = toZoned(flight.departureTime, zones.departure);
  const arrival = toZoned(flight.arrivalTime, zones.arrival);
  if (!departure || !arrival) return null;
  return departure.toPlainDate().until(arrival.toPlainDate(), { largestUnit: 'days' }).days;
}

/** "+1", "-1", or '' for the same day (next to the arrival time). */
export function formatDayShift(shift: number | null): string {
  if (!shift) return '';
  return shift > 0 ? `+${shift}` : `${shift}`;
}
