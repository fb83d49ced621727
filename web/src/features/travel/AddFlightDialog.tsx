import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { FormikProps } from 'formik';
import { useEffect, useState } from 'react';
import { flightFormSchema } from '@gatherly/domain/schemas';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextField } from '../../components/TextField.tsx';
import { TimeZonePicker } from '../../components/TimeZonePicker.tsx';
import { useDialogForm } from '../../components/use-dialog-form.ts';
import { WallClockHint, zoneLabel } from '../../components/ZonedTime.tsx';
import { useAirportLookup, type AirportLookup } from './airport-lookup.ts';
import { addFlight, localInputToIso } from './data.ts';

interface Props {
  eventId: string;
  /** The zone a time is in while its airport is not known. */
  eventTimeZone: string;
  open: boolean;
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

/** The data's licence asks for this credit where the airports are used (docs/decisions.md). */
export const AIRPORT_DATA_CREDIT = 'Airport data: Open Travel Data, CC BY';

/**
 * Add Flight: each time is entered as printed on the ticket, in its airport's zone, picked from
 * the IATA code ("JFK") or chosen by hand; the times are sent as instants with both zones.
 */
export function AddFlightDialog({ eventId, eventTimeZone, open, onClose }: Props) {
  const airports = useAirportLookup(open);
  const { form, close } = useDialogForm({
    initialValues: EMPTY,
    validationSchema: flightFormSchema,
    save: (values) =>
      addFlight(eventId, {
        airline: values.airline,
        flightNumber: values.flightNumber,
        departure: values.departure,
        arrival: values.arrival,
        departureTime: localInputToIso(values.departureTime, values.departureTimeZone),
        arrivalTime: localInputToIso(values.arrivalTime, values.arrivalTimeZone),
        departureTimeZone: values.departureTimeZone,
        arrivalTimeZone: values.arrivalTimeZone,
      }),
    success: () => ({
      title: 'Flight Added',
      description: 'Your flight has been shared with the group.',
    }),
    failure: 'Failed to add flight. Please try again.',
    onClose,
  });
  const departure = useAirportZone(form, 'departure', airports, eventTimeZone, open);
  const arrival = useAirportZone(form, 'arrival', airports, eventTimeZone, open);
  return (
    <FormDialog
      open={open}
      title="Add Flight"
      submitLabel="Add Flight"
      submittingLabel="Adding..."
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
      <Text fontSize="xs" color="fg.subtle">
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

/**
 * The zone of one end of the flight, kept in the form's `departureTimeZone` /
 * `arrivalTimeZone`: the one chosen by hand for the airport shown (until another code is typed),
 * else the recognised airport's, else the event's.
 */
function useAirportZone(
  form: FormikProps<FlightValues>,
  end: 'departure' | 'arrival',
  airports: AirportLookup,
  eventTimeZone: string,
  open: boolean,
): AirportZone {
  const place = form.values[end];
  const airport = airports.find(place);
  const code = airports.codeOf(place);
  const [chosen, setChosen] = useState<{ zone: string; forPlace: string | null } | null>(null);
  const [picking, setPicking] = useState(false);
  const forPlace = airport?.code ?? code;
  const manual = chosen && chosen.forPlace === forPlace ? chosen.zone : null;
  const zone = manual ?? airport?.timeZone ?? eventTimeZone;
  const field = end === 'departure' ? 'departureTimeZone' : 'arrivalTimeZone';
  const stored = form.values[field];
  const { setFieldValue } = form;
  useEffect(() => {
    if (open && stored !== zone) void setFieldValue(field, zone, false);
  }, [open, stored, zone, field, setFieldValue]);
  // Each opening starts from the airports' zones again.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) {
      setChosen(null);
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
