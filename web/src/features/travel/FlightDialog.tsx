import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { FormikProps } from 'formik';
import { useEffect, useState } from 'react';
import { useDb } from '../../lib/live/index.ts';
import { isoToDateTimeLocal } from '@gatherly/domain/dates';
import { flightTimeZones } from '@gatherly/domain/flights';
import { flightFormSchema } from '@gatherly/domain/schemas';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/TextField.tsx';
import { TimeZonePicker } from '../../components/TimeZonePicker.tsx';
import { useDialogForm } from '../../components/use-dialog-form.ts';
import { WallClockHint, zoneLabel } from '../../components/ZonedTime.tsx';
import { commitWrite } from '../../lib/offline/commit-write.ts';
import type { FlightDoc } from '../../lib/types.ts';
import { useAirportLookup, type AirportLookup } from './airport-lookup.ts';
import { addFlight, localInputToIso, updateFlight, type FlightEdit } from './data.ts';

interface Props {
  eventId: string;
  /** The zone a time is in while its airport is not known. */
  eventTimeZone: string;
  open: boolean;
  /** The flight to edit (its owner or an admin); without it the dialog adds the caller's own. */
  flight?: FlightDoc | null;
  onClose(): void;
}

const EMPTY = {
  airline: '',
  flightNumber: '',
  departure: '',
  arrival: '',
  departureTimeZone: '',
  arrivalTimeZone: '',
  departureTime: '',
  arrivalTime: '',
};
type FlightValues = typeof EMPTY;

/** A stored flight as the form holds it: each time on its airport's wall clock. */
function flightValues(flight: FlightDoc, eventTimeZone: string): FlightValues {
  const zones = flightTimeZones(flight, eventTimeZone);
  return {
    airline: flight.airline,
    flightNumber: flight.flightNumber,
    departure: flight.departure,
    arrival: flight.arrival,
    departureTimeZone: zones.departure,
    arrivalTimeZone: zones.arrival,
    departureTime: isoToDateTimeLocal(flight.departureTime, zones.departure),
    arrivalTime: isoToDateTimeLocal(flight.arrivalTime, zones.arrival),
  };
}

function toFlight(values: FlightValues): FlightEdit {
  return {
    airline: values.airline,
    flightNumber: values.flightNumber,
    departure: values.departure,
    arrival: values.arrival,
    departureTime: localInputToIso(values.departureTime, values.departureTimeZone),
    arrivalTime: localInputToIso(values.arrivalTime, values.arrivalTimeZone),
    departureTimeZone: values.departureTimeZone,
    arrivalTimeZone: values.arrivalTimeZone,
  };
}

/** The data's licence asks for this credit where the airports are used (docs/decisions.md). */
export const AIRPORT_DATA_CREDIT = 'Airport data: Open Travel Data, CC BY';

/**
 * Add Flight and Edit Flight: each time is entered as printed on the ticket, in its airport's
 * zone, picked from the IATA code ("JFK") or chosen by hand; the times are sent as instants with
 * both zones. Adding goes through the API (travel limit, counts); an edit is a direct update the
 * rules decide (docs/data-model.md).
 */
export function FlightDialog({ eventId, eventTimeZone, open, flight, onClose }: Props) {
  const db = useDb();
  const airports = useAirportLookup(open);
  const initial = flight ? flightValues(flight, eventTimeZone) : EMPTY;
  const { form, close } = useDialogForm({
    initialValues: initial,
    validationSchema: flightFormSchema,
    save: (values) =>
      flight
        ? commitWrite(db, () => updateFlight(db, eventId, flight.id, toFlight(values)))
        : addFlight(eventId, toFlight(values)),
    success: () =>
      flight
        ? { title: 'Flight Updated', description: 'Your changes have been shared with the group.' }
        : { title: 'Flight Added', description: 'Your flight has been shared with the group.' },
    failure: flight
      ? 'Failed to update flight. Please try again.'
      : 'Failed to add flight. Please try again.',
    onClose,
  });
  // An edit starts from the stored zones, kept until the person types another airport.
  const start = flight ? initial : null;
  const departure = useAirportZone(form, 'departure', airports, eventTimeZone, open, start);
  const arrival = useAirportZone(form, 'arrival', airports, eventTimeZone, open, start);
  return (
    <FormDialog
      open={open}
      title={flight ? 'Edit Flight' : 'Add Flight'}
      submitLabel={flight ? 'Save Changes' : 'Add Flight'}
      submittingLabel={flight ? 'Saving...' : 'Adding...'}
      submitting={form.isSubmitting}
      onClose={close}
      onSubmit={form.handleSubmit}
    >
      <SimpleGrid columns={2} gap="3">
        <TextField form={form} name="airline" label="Airline" placeholder="United" />
        <TextField form={form} name="flightNumber" label="Flight Number" placeholder="UA 123" />
      </SimpleGrid>
      <TextField
        form={form}
        name="departure"
        label="From"
        placeholder="SFO"
        helper={<AirportLine end={departure} airports={airports} />}
      />
      {departure.picking && (
        <TimeZonePicker
          label="Departure airport’s time zone"
          value={departure.zone}
          onChange={departure.choose}
          inDialog
        />
      )}
      <TextField
        form={form}
        name="departureTime"
        label="Departure Time"
        type="datetime-local"
        required
        helper={<LocalTimeLine end={departure} value={form.values.departureTime} />}
      />
      <TextField
        form={form}
        name="arrival"
        label="To"
        placeholder="JFK"
        helper={<AirportLine end={arrival} airports={airports} />}
      />
      {arrival.picking && (
        <TimeZonePicker
          label="Arrival airport’s time zone"
          value={arrival.zone}
          onChange={arrival.choose}
          inDialog
        />
      )}
      <TextField
        form={form}
        name="arrivalTime"
        label="Arrival Time"
        type="datetime-local"
        required
        helper={<LocalTimeLine end={arrival} value={form.values.arrivalTime} />}
      />
      <Text fontSize="xs" color="fg.muted">
        {AIRPORT_DATA_CREDIT}
      </Text>
    </FormDialog>
  );
}

interface AirportZone {
  /** What the place field holds, as the person typed it. */
  place: string;
  airport: ReturnType<AirportLookup['find']>;
  /** A code that looks like an IATA code but is not in the data. */
  unknownCode: string | null;
  zone: string;
  picking: boolean;
  startPicking(): void;
  choose(zone: string): void;
}

/** A zone chosen by hand for an airport code, or the stored zone of the place an edit opened with. */
type ChosenZone = { zone: string; forPlace: string | null } | { zone: string; forText: string };

/**
 * The zone of one end of the flight, kept in the form's `departureTimeZone` /
 * `arrivalTimeZone`: the one chosen by hand for the airport shown (until another code is typed),
 * or the stored one of an edited flight (until its place changes), else the recognised
 * airport's, else the event's.
 */
function useAirportZone(
  form: FormikProps<FlightValues>,
  end: 'departure' | 'arrival',
  airports: AirportLookup,
  eventTimeZone: string,
  open: boolean,
  start: FlightValues | null,
): AirportZone {
  const place = form.values[end];
  const airport = airports.find(place);
  const code = airports.codeOf(place);
  const field = end === 'departure' ? 'departureTimeZone' : 'arrivalTimeZone';
  const stored = start ? { zone: start[field], forText: start[end] } : null;
  const [chosen, setChosen] = useState<ChosenZone | null>(stored);
  const [picking, setPicking] = useState(false);
  const forPlace = airport?.code ?? code;
  const manual =
    chosen && ('forText' in chosen ? chosen.forText === place : chosen.forPlace === forPlace)
      ? chosen.zone
      : null;
  const zone = manual ?? airport?.timeZone ?? eventTimeZone;
  const current = form.values[field];
  const { setFieldValue } = form;
  useEffect(() => {
    if (open && current !== zone) void setFieldValue(field, zone, false);
  }, [open, current, zone, field, setFieldValue]);
  // Each opening starts from the airports' zones again.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) {
      setChosen(stored);
      setPicking(false);
    }
  }
  const unknownCode = airports.ready && code && !airport ? code : null;
  return {
    place,
    airport,
    unknownCode,
    zone,
    // An airport the zone data does not place, or an unknown code, asks for the zone at once.
    picking: picking || (airport !== null && airport.timeZone === null) || unknownCode !== null,
    startPicking: () => setPicking(true),
    choose: (next) => {
      setChosen({ zone: next, forPlace });
      setPicking(false);
    },
  };
}

function AirportLine({ end, airports }: { end: AirportZone; airports: AirportLookup }) {
  const where = end.airport
    ? `${airports.formatAirport(end.airport)} · ${zoneLabel(end.zone)}`
    : end.unknownCode
      ? `${end.unknownCode} is not an airport code we know: choose its time zone.`
      : `Times in ${zoneLabel(end.zone)}`;
  return (
    <HStack as="span" gap="2" wrap="wrap">
      <span data-testid="airport-line">{where}</span>
      {!end.picking && (
        <Button
          type="button"
          size="2xs"
          variant="plain"
          colorPalette="brand"
          px="0"
          onClick={end.startPicking}
        >
          Change time zone
        </Button>
      )}
    </HStack>
  );
}

function LocalTimeLine({ end, value }: { end: AirportZone; value: string }) {
  const at = end.airport ? `Local time at ${end.airport.code}` : 'Local time';
  return (
    <Stack as="span" gap="0">
      <span>{`${at}, ${zoneLabel(end.zone, value)}.`}</span>
      <WallClockHint value={value} timeZone={end.zone} />
    </Stack>
  );
}
