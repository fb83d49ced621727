// The zone pickers' list (`@gatherly/domain/time-zone-list`, about 25 KB gzip with its data) is
// loaded on demand: only screens that show a picker pay for it, never the dashboard.
import { useCallback, useEffect, useState } from 'react';
import type { TimeZoneOption } from '@gatherly/domain/time-zone-list';

type ZoneListModule = typeof import('@gatherly/domain/time-zone-list');

export interface TimeZoneList {
  options: TimeZoneOption[];
  option(zone: string): TimeZoneOption | null;
  search(query: string): TimeZoneOption[];
}

let pending: Promise<TimeZoneList> | null = null;

/** The list, built once per page (offsets as of the first load). A failed load may be retried. */
export function loadTimeZoneList(): Promise<TimeZoneList> {
  pending ??= import('@gatherly/domain/time-zone-list').then(
    (m: ZoneListModule): TimeZoneList => {
      const options = m.listTimeZones();
      return {
        options,
        option: (zone) => m.timeZoneOption(zone, options),
        search: (query) => m.searchTimeZones(options, query),
      };
    },
    (err: unknown) => {
      pending = null;
      throw err;
    },
  );
  return pending;
}

export type TimeZoneListState =
  | { status: 'loading' }
  | { status: 'ready'; list: TimeZoneList }
  | { status: 'failed'; retry(): void };

export function useTimeZoneList(): TimeZoneListState {
  const [state, setState] = useState<TimeZoneListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    let live = true;
    loadTimeZoneList().then(
      (list) => {
        if (live) setState({ status: 'ready', list });
      },
      (err: unknown) => {
        console.error('The time zone list could not be loaded', err);
        if (live) setState({ status: 'failed', retry });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, retry]);
  return state;
}
