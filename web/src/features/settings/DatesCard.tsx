import {
  Card,
  Field,
  Heading,
  HStack,
  Input,
  SegmentGroup,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useFirestore } from 'reactfire';
import { dateTimeLocalToIso, isoToDateTimeLocal } from '@gatherly/domain/dates';
import { clearDates, saveDate } from './data.ts';
import { SaveIndicator } from './SaveIndicator.tsx';
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
}

/** Date mode is 'specific' when both dates exist, else 'tbd' (docs/product.md, "Settings"). */
export function dateModeOf(startDate: string | null, endDate: string | null): DateMode {
  return startDate && endDate ? 'specific' : 'tbd';
}

export function DatesCard({ eventId, startDate, endDate }: Props) {
  const db = useFirestore();
  const { status, run } = useAutoSave();
  const [mode, setMode] = useState<DateMode>(dateModeOf(startDate, endDate));
  const [start, setStart] = useState(isoToDateTimeLocal(startDate));
  const [end, setEnd] = useState(isoToDateTimeLocal(endDate));

  // New stored dates (saved here or elsewhere) replace what is typed.
  const [seen, setSeen] = useState({ startDate, endDate });
  if (startDate !== seen.startDate || endDate !== seen.endDate) {
    if (startDate !== seen.startDate) setStart(isoToDateTimeLocal(startDate));
    if (endDate !== seen.endDate) setEnd(isoToDateTimeLocal(endDate));
    setSeen({ startDate, endDate });
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
    const iso = dateTimeLocalToIso(local);
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
              </Field.Root>
              <Field.Root>
                <Field.Label>End Date</Field.Label>
                <Input
                  type="datetime-local"
                  value={end}
                  onChange={(e) => setEnd(e.currentTarget.value)}
                  onBlur={() => commit('endDate', end, endDate)}
                />
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
