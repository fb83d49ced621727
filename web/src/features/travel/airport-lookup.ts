// IATA codes → airport, city and zone (`@gatherly/domain/airports`, about 300 KB gzip of data):
// imported only while a flight is being entered, never by the dashboard or the travel list.
import { useEffect, useState } from 'react';
import type { Airport } from '@gatherly/domain/airports';

type AirportsModule = typeof import('@gatherly/domain/airports');

let pending: Promise<AirportsModule> | null = null;

function loadAirports(): Promise<AirportsModule> {
  pending ??= import('@gatherly/domain/airports').catch((err: unknown) => {
    pending = null;
    throw err;
  });
  return pending;
}

export interface AirportLookup {
  /** false while the data loads, or when it could not be loaded (then zones are chosen by hand). */
  ready: boolean;
  /** The data could not be loaded (offline before it was cached): the person picks the zones. */
  failed: boolean;
  /** The airport whose code the text starts with; null when none is recognised (yet). */
  find(text: string): Airport | null;
  /** The IATA code the text holds, recognised or not; null when none or not loaded. */
  codeOf(text: string): string | null;
  formatAirport(airport: Airport): string;
}

const NOT_READY: AirportLookup = {
  ready: false,
  failed: false,
  find: () => null,
  codeOf: () => null,
  formatAirport: (a) => a.code,
};

/** Starts loading the airport data once `active` (the flight dialog is open). */
export function useAirportLookup(active: boolean): AirportLookup {
  const [lookup, setLookup] = useState<AirportLookup>(NOT_READY);
  useEffect(() => {
    if (!active || lookup.ready || lookup.failed) return;
    let live = true;
    loadAirports().then(
      (m) => {
        if (live)
          setLookup({
            ready: true,
            failed: false,
            find: m.findAirport,
            codeOf: m.airportCodeOf,
            formatAirport: m.formatAirport,
          });
      },
      (err: unknown) => {
        console.error('The airport list could not be loaded', err);
        if (live) setLookup({ ...NOT_READY, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [active, lookup.ready, lookup.failed]);
  return lookup;
}
