// events/{e}/flights and carpools with their passengers.
import type { IsoDateString, PersonSummary, TimeZoneId } from './common.ts';

export interface Flight<Time = IsoDateString> {
  id: string;
  eventId: string;
  userId: string;
  user: PersonSummary;
  airline: string;
  flightNumber: string;
  departure: string;
  arrival: string;
  departureTime: IsoDateString;
  arrivalTime: IsoDateString;
  /**
   * Zones of the departure and arrival airports, in which the times were entered and are shown
   * (as printed on a ticket). null (or absent) on flights added before zones existed: they show
   * in the event's zone (`flightTimeZones` in flights.ts).
   */
  departureTimeZone?: TimeZoneId | null;
  arrivalTimeZone?: TimeZoneId | null;
  createdAt: Time;
}

export interface Carpool<Time = IsoDateString> {
  id: string;
  eventId: string;
  driverId: string;
  driver: PersonSummary;
  fromLocation: string;
  toLocation: string;
  departureTime: IsoDateString;
  /** 1..8. */
  maxSeats: number;
  /** Starts at 1: the driver. */
  currentSeats: number;
  passengerIds: string[];
  createdAt: Time;
}

export interface CarpoolPassenger<Time = IsoDateString> {
  eventId: string;
  carpoolId: string;
  userId: string;
  user: PersonSummary;
  joinedAt: Time;
}

export interface CarpoolView<Time = IsoDateString> extends Carpool<Time> {
  passengers: CarpoolPassenger<Time>[];
}
