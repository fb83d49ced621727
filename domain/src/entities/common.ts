/**
 * Entity and API shapes shared by web and functions (docs/data-model.md), one module per area
 * (events, members, photos, travel, schedule, ...); this one holds what they share.
 *
 * Server-set timestamps are generic (`Time`): Firestore documents hold `Timestamp`s, the HTTP
 * API serialises them as ISO strings, so `Photo` is the API shape and `Photo<Timestamp>` the
 * document shape. User-entered date-times are always ISO-8601 UTC strings or `null` (TBD): the
 * instant. They are entered and shown as wall-clock time in a time zone: the event's
 * (`Event.timeZone`) for event dates, schedule items and carpools, each airport's for flights
 * (docs/data-model.md, "Time").
 */

/** ISO-8601 string, e.g. `2027-06-12T15:00:00.000Z`. */
export type IsoDateString = string;

/** IANA time zone name, e.g. `America/Los_Angeles` (validated by `normalizeTimeZone`). */
export type TimeZoneId = string;

/** Person summary copied onto documents so lists render without extra reads ('' when unknown). */
export interface UserSummary {
  displayName: string;
  email: string;
  photoURL: string;
}

export type PersonSummary = Pick<UserSummary, 'displayName' | 'photoURL'>;
