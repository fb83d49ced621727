import { Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { SegmentGroup } from '../../components/chakra/SegmentGroup.ts';
import { useState } from 'react';
import { useDb } from '../../lib/live/index.ts';
import { dateTimeLocalToIso, isoToDateTimeLocal } from '@gatherly/domain/dates';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { WallClockHint } from '../../components/ZonedTime.tsx';
import { clearDates, saveDate } from './data.ts';
import { SaveIndicator } from './SaveIndicator.tsx';
import { TimeZoneSetting } from './TimeZoneSetting.tsx';
import { useAutoSave } from './use-auto-save.ts';

type DateMode = 'specific' | 'tbd';

const MODE_LABELS: Record<DateMode, string> = {
  specific: 'Set Specific Dates',
  tbd: 'To Be Determined',
};

interface Props {
  eventId: string;
  startDate: string | null;
  endDate: string | null;
  /** As stored (null until confirmed); the dates are entered and shown in `eventTimeZone`. */
  timeZone: string | null | undefined;
}

/** Date mode is 'specific' when both dates exist, else 'tbd' (docs/product.md, "Settings"). */
export function dateModeOf(startDate: string | null, endDate: string | null): DateMode {
  return startDate && endDate ? 'specific' : 'tbd';
}

export function DatesCard({ eventId, startDate, endDate, timeZone }: Props) {
  const db = useDb();
  const { status, run } = useAutoSave();
  const zone = eventTimeZone({ timeZone });
  const [mode, setMode] = useState<DateMode>(dateModeOf(startDate, endDate));
  const [start, setStart] = useState(isoToDateTimeLocal(startDate, zone));
  const [end, setEnd] = useState(isoToDateTimeLocal(endDate, zone));

  // Stored dates that change (another admin) or a new zone (the same instants in its wall-clock
  // time) replace what the inputs show.
  const [shown, setShown] = useState({ startDate, endDate, zone });
  if (shown.startDate !== startDate || shown.endDate !== endDate || shown.zone !== zone) {
    const newZone = shown.zone !== zone;
    if (newZone || shown.startDate !== startDate) setStart(isoToDateTimeLocal(startDate, zone));
    if (newZone || shown.endDate !== endDate) setEnd(isoToDateTimeLocal(endDate, zone));
    setShown({ startDate, endDate, zone });
  }

  const chooseMode = (next: DateMode) => {
    setMode(next);
    if (next === 'tbd') {
      setStart('');
      setEnd('');
      if (startDate !== null || endDate !== null) void run(() => clearDates(db, eventId));
    }
  };

  const commit = (field: 'startDate' | 'endDate', local: string, stored: string | null) => {
    const iso = dateTimeLocalToIso(local, zone);
    if (!iso || iso === stored) return;
    void run(() => saveDate(db, eventId, field, iso));
  };

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between">
          <Heading size="lg">Event Dates</Heading>
          <SaveIndicator status={status} />
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <TimeZoneSetting eventId={eventId} timeZone={timeZone} run={run} />
          <Field.Root>
            <Field.Label>Date Planning</Field.Label>
            <SegmentGroup.Root
              value={MODE_LABELS[mode]}
              onValueChange={(e) => chooseMode(e.value === MODE_LABELS.tbd ? 'tbd' : 'specific')}
            >
              <SegmentGroup.Indicator />
              <SegmentGroup.Items items={[MODE_LABELS.specific, MODE_LABELS.tbd]} />
            </SegmentGroup.Root>
          </Field.Root>
          {mode === 'specific' ? (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root>
                <Field.Label>Start Date</Field.Label>
                <Input
                  type="datetime-local"
                  value={start}
                  onChange={(e) => setStart(e.currentTarget.value)}
                  onBlur={() => commit('startDate', start, startDate)}
                />
                <Field.HelperText>
                  <WallClockHint value={start} timeZone={zone} />
                </Field.HelperText>
              </Field.Root>
              <Field.Root>
                <Field.Label>End Date</Field.Label>
                <Input
                  type="datetime-local"
                  value={end}
                  onChange={(e) => setEnd(e.currentTarget.value)}
                  onBlur={() => commit('endDate', end, endDate)}
                />
                <Field.HelperText>
                  <WallClockHint value={end} timeZone={zone} />
                </Field.HelperText>
              </Field.Root>
            </SimpleGrid>
          ) : (
            <Text color="fg.muted" fontSize="sm" data-testid="tbd-note">
              Event dates will be set later. Members will be notified once the dates are confirmed.
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
