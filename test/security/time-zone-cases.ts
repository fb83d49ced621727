// Time zones in the rules (docs/data-model.md, "Time"): the event's `timeZone` and a flight's
// airport zones must have the shape of an IANA name, and a flight must arrive after it departs
// as instants. Whether a zone exists is for the functions and forms (rules have no tz database).
import { ADMIN_ROLES, EVENT, UID, type Role } from './fixtures.ts';
import { matrix, single, text, type Actor, type Owner, type RulesCase } from './cases.ts';

const E = `events/${EVENT}`;
const LA = 'America/Los_Angeles';

const allow = (
  operation: 'update',
  role: Role,
  what: string,
  attempt: (a: Actor) => Promise<unknown>,
  prepare?: (owner: Owner) => Promise<void>,
): RulesCase => single('firestore', operation, role, 'allow', what, attempt, prepare);
const deny = (
  operation: 'update',
  role: Role,
  what: string,
  attempt: (a: Actor) => Promise<unknown>,
  prepare?: (owner: Owner) => Promise<void>,
): RulesCase => single('firestore', operation, role, 'deny', what, attempt, prepare);

const updateEvent = (data: Record<string, unknown>) => (a: Actor) => a.db.doc(E).update(data);
/** The seeded event predates zones; these cases start from one that has a zone. */
const withZone = (owner: Owner) => owner.db.doc(E).update({ timeZone: LA });

const eventZoneCases: RulesCase[] = [
  ...matrix('firestore', 'events/{id} timeZone', {
    update: {
      allowed: ADMIN_ROLES,
      what: 'set the zone of an event without one',
      attempt: updateEvent({ timeZone: LA }),
    },
  }),
  allow(
    'update',
    'creator',
    'change the event zone',
    updateEvent({ timeZone: 'Europe/Lisbon' }),
    withZone,
  ),
  allow('update', 'admin', 'UTC', updateEvent({ timeZone: 'UTC' })),
  allow(
    'update',
    'admin',
    'a three-part zone name',
    updateEvent({ timeZone: 'America/Argentina/Buenos_Aires' }),
  ),
  allow('update', 'admin', 'an Etc offset zone', updateEvent({ timeZone: 'Etc/GMT+5' })),
  allow(
    'update',
    'admin',
    'a zone name of 64 characters',
    updateEvent({ timeZone: `Zone/${text(59)}` }),
  ),
  // Rules cannot know the tz database: a well-shaped unknown name passes here, the API refuses
  // it, and displays show such an event in UTC and ask its admins to confirm a zone.
  allow(
    'update',
    'admin',
    'a well-shaped zone the rules cannot look up',
    updateEvent({ timeZone: 'Mars/Olympus_Mons' }),
  ),
  deny(
    'update',
    'attendee',
    'attendee changes the event zone',
    updateEvent({ timeZone: 'Europe/Lisbon' }),
    withZone,
  ),
  deny('update', 'admin', 'clearing the zone', updateEvent({ timeZone: null }), withZone),
  deny('update', 'admin', 'an empty zone', updateEvent({ timeZone: '' })),
  deny('update', 'admin', 'a zone that is not text', updateEvent({ timeZone: 7 })),
  deny('update', 'admin', 'a zone as a map', updateEvent({ timeZone: { id: LA } })),
  deny('update', 'admin', 'a zone with spaces', updateEvent({ timeZone: 'Pacific Time' })),
  deny('update', 'admin', 'a UTC offset instead of a zone', updateEvent({ timeZone: '+05:30' })),
  deny('update', 'admin', 'a path-like zone', updateEvent({ timeZone: '../etc/passwd' })),
  deny('update', 'admin', 'a trailing slash', updateEvent({ timeZone: 'America/' })),
  deny(
    'update',
    'admin',
    'a zone name of 65 characters',
    updateEvent({ timeZone: `Zone/${text(60)}` }),
  ),
  deny(
    'update',
    'admin',
    'the zone and a date together',
    updateEvent({ timeZone: LA, startDate: null }),
  ),
];

const ownFlight = (a: Actor) => a.db.doc(`${E}/flights/flight-${UID.attendee}`);
const otherFlight = (a: Actor) => a.db.doc(`${E}/flights/flight-${UID.attendee2}`);
const withAirportZones = (owner: Owner) =>
  owner.db
    .doc(`${E}/flights/flight-${UID.attendee}`)
    .update({ departureTimeZone: 'America/New_York', arrivalTimeZone: 'Europe/Lisbon' });

const flightZoneCases: RulesCase[] = [
  allow('update', 'attendee', 'overnight JFK → LHR with airport zones', (a) =>
    ownFlight(a).update({
      departure: 'JFK',
      arrival: 'LHR',
      departureTime: '2027-06-10T23:00:00.000Z', // 7:00 PM EDT
      arrivalTime: '2027-06-11T06:05:00.000Z', // 7:05 AM BST the next day
      departureTimeZone: 'America/New_York',
      arrivalTimeZone: 'Europe/London',
    }),
  ),
  allow('update', 'attendee', 'westbound SYD → LAX landing "before" it departs locally', (a) =>
    ownFlight(a).update({
      departure: 'SYD',
      arrival: 'LAX',
      departureTime: '2027-06-10T00:30:00.000Z', // 10:30 AM AEST June 10
      arrivalTime: '2027-06-10T13:30:00.000Z', // 6:30 AM PDT June 10
      departureTimeZone: 'Australia/Sydney',
      arrivalTimeZone: LA,
    }),
  ),
  allow(
    'update',
    'admin',
    'admin edits the airline of a flight with zones',
    (a) => ownFlight(a).update({ airline: 'KLM' }),
    withAirportZones,
  ),
  allow(
    'update',
    'attendee',
    'owner clears a zone (shown in the event zone)',
    (a) => ownFlight(a).update({ arrivalTimeZone: null }),
    withAirportZones,
  ),
  deny('update', 'attendee', 'backwards SEA 6:00 PM → SFO 4:00 PM', (a) =>
    ownFlight(a).update({
      departureTime: '2027-06-11T01:00:00.000Z',
      arrivalTime: '2027-06-10T23:00:00.000Z',
      departureTimeZone: LA,
      arrivalTimeZone: LA,
    }),
  ),
  deny('update', 'attendee', 'arrival at the moment of departure', (a) =>
    ownFlight(a).update({
      departureTime: '2027-06-11T01:00:00.000Z',
      arrivalTime: '2027-06-11T01:00:00.000Z',
    }),
  ),
  deny('update', 'attendee', 'arrival moved before the stored departure', (a) =>
    ownFlight(a).update({ arrivalTime: '2027-06-11T21:00:00.000Z' }),
  ),
  deny('update', 'attendee', 'a time not in the stored shape', (a) =>
    ownFlight(a).update({ arrivalTime: '2027-06-12T10:00Z' }),
  ),
  deny('update', 'attendee', 'a time with an offset', (a) =>
    ownFlight(a).update({ arrivalTime: '2027-06-12T12:00:00.000+02:00' }),
  ),
  deny('update', 'attendee', 'a departure zone with spaces', (a) =>
    ownFlight(a).update({ departureTimeZone: 'Eastern Time' }),
  ),
  deny('update', 'attendee', 'an arrival zone that is not text', (a) =>
    ownFlight(a).update({ arrivalTimeZone: 1 }),
  ),
  deny('update', 'attendee', 'an arrival zone of 65 characters', (a) =>
    ownFlight(a).update({ arrivalTimeZone: `Zone/${text(60)}` }),
  ),
  deny('update', 'attendee', 'an unknown zone field on a flight', (a) =>
    ownFlight(a).update({ timeZone: LA }),
  ),
  deny('update', 'attendee', "attendee sets the zones of someone else's flight", (a) =>
    otherFlight(a).update({ departureTimeZone: LA, arrivalTimeZone: LA }),
  ),
];

export const timeZoneCases: RulesCase[] = [...eventZoneCases, ...flightZoneCases];
