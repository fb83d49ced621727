import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useState, type FormEvent } from 'react';
import {
  MAX_QUICK_START,
  MAX_TABLE_SEATS,
  SEATING_MESSAGES,
  type TableShape,
} from '@gatherly/domain/seating';
import { Input } from '../../components/chakra/Input.ts';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';

/** Adds tables: the quick start ("10 round tables of 8") on an empty chart, one at a time after. */
export function AddTablesForm({
  empty,
  busy,
  onAdd,
}: {
  empty: boolean;
  busy: boolean;
  onAdd(body: { count: number; seats: number; shape: TableShape }): Promise<boolean>;
}) {
  const [count, setCount] = useState(empty ? '10' : '1');
  const [shape, setShape] = useState<TableShape>('round');
  const [seats, setSeats] = useState('8');
  const [error, setError] = useState<string | null>(null);
  const n = /^\d+$/.test(count.trim()) ? Number(count) : NaN;
  const s = /^\d+$/.test(seats.trim()) ? Number(seats) : NaN;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!(n >= 1 && n <= MAX_QUICK_START)) return setError(`${SEATING_MESSAGES.countRange}.`);
    if (!(s >= 1 && s <= MAX_TABLE_SEATS)) return setError(`${SEATING_MESSAGES.seatsRange}.`);
    setError(null);
    void onAdd({ count: n, seats: s, shape }).then((ok) => {
      if (ok) setCount('1');
    });
  };
  const summary =
    Number.isFinite(n) && Number.isFinite(s)
      ? `Add ${n === 1 ? 'a' : n} ${shape} ${n === 1 ? 'table' : 'tables'} of ${s}`
      : 'Add tables';
  return (
    <form onSubmit={submit} aria-label="Add tables">
      <HStack gap="2" wrap="wrap" align="end">
        <Labelled id="add-count" label="How many tables">
          <Input
            id="add-count"
            size="sm"
            w="20"
            inputMode="numeric"
            value={count}
            onChange={(e) => setCount(e.target.value)}
          />
        </Labelled>
        <Labelled id="add-shape" label="Table shape">
          <NativeSelect.Root size="sm" w="28">
            <NativeSelect.Field
              id="add-shape"
              value={shape}
              onChange={(e) => setShape(e.target.value === 'long' ? 'long' : 'round')}
            >
              <option value="round">Round</option>
              <option value="long">Long</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Labelled>
        <Labelled id="add-seats" label="Seats per table">
          <Input
            id="add-seats"
            size="sm"
            w="20"
            inputMode="numeric"
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
          />
        </Labelled>
        <Button size="sm" type="submit" colorPalette="brand" loading={busy}>
          {summary}
        </Button>
      </HStack>
      {error && (
        <Text fontSize="sm" color="fg.error" role="alert" mt="1">
          {error}
        </Text>
      )}
    </form>
  );
}

/** A field with its label above it (the form wraps on phones, so each field says what it is). */
function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Stack gap="1">
      <chakra.label htmlFor={id} fontSize="xs" color="fg.muted">
        {label}
      </chakra.label>
      {children}
    </Stack>
  );
}
