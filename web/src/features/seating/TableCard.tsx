import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type DragEvent, type FormEvent } from 'react';
import {
  MAX_TABLE_NAME,
  MAX_TABLE_NUMBER,
  MAX_TABLE_SEATS,
  SEAT_FLAG_LABELS,
  SEATING_MESSAGES,
  tableLabel,
  type TableShape,
  type TableView,
} from '@gatherly/domain/seating';
import { Input } from '../../components/chakra/Input.ts';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { personId } from './chart-edits.ts';
import { peopleText } from './selection.ts';

interface Props {
  table: TableView;
  first: boolean;
  last: boolean;
  busy: boolean;
  selected: ReadonlySet<string>;
  /** How many people are picked (the "Seat here" button). */
  picked: number;
  onSeatHere(): void;
  onToggle(ids: string[], on: boolean): void;
  onUnassign(ids: string[]): void;
  onDragPeople(e: DragEvent, ids: string[]): void;
  onDrop(e: DragEvent): void;
  onShift(by: -1 | 1): void;
  onSave(body: {
    name: string;
    number: number | null;
    shape: TableShape;
    seats: number;
  }): Promise<boolean>;
  onDelete(): void;
}

/** One table: its seats taken, its people (flags shown), and where picked people go. */
export function TableCard(props: Props) {
  const { table, selected, picked, busy } = props;
  const [editing, setEditing] = useState(false);
  const [over, setOver] = useState(false);
  const label = tableLabel(table);
  return (
    <Box
      as="section"
      aria-label={label}
      data-testid="seating-table"
      data-table={table.id}
      borderWidth={over ? '2px' : '1px'}
      borderColor={over ? 'brand.solid' : table.overCapacity ? 'red.emphasized' : 'border'}
      borderRadius="l3"
      p="3"
      bg="bg.panel"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        e.stopPropagation();
        props.onDrop(e);
      }}
    >
      <HStack justify="space-between" align="start" gap="2">
        <Box minW="0">
          <Text fontWeight="semibold" truncate>
            {label}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {table.shape === 'round' ? 'Round' : 'Long'} · {table.seats} seats
          </Text>
        </Box>
        <Badge
          colorPalette={
            table.overCapacity ? 'red' : table.occupied === table.seats ? 'green' : 'gray'
          }
          data-testid="seat-count"
          aria-label={`${table.occupied} of ${table.seats} seats taken${table.overCapacity ? ', over capacity' : ''}`}
        >
          {table.occupied} / {table.seats}
          {table.overCapacity && ` · over by ${table.occupied - table.seats}`}
        </Badge>
      </HStack>
      {editing ? (
        <TableForm
          table={table}
          busy={busy}
          onCancel={() => setEditing(false)}
          onSave={async (body) => {
            if (await props.onSave(body)) setEditing(false);
          }}
        />
      ) : (
        <>
          {table.people.length === 0 ? (
            <Text fontSize="sm" color="fg.muted" mt="2">
              Nobody seated yet.
            </Text>
          ) : (
            <Stack as="ul" gap="1" mt="2" listStyleType="none">
              {table.people.map((p) => {
                const id = personId(p);
                const on = selected.has(id);
                return (
                  <HStack
                    as="li"
                    key={id}
                    gap="1"
                    justify="space-between"
                    data-testid="seated-person"
                    data-flag={p.flag ?? undefined}
                    draggable={!p.flag}
                    onDragStart={(e: DragEvent) => props.onDragPeople(e, on ? [...selected] : [id])}
                  >
                    {p.flag ? (
                      <Text fontSize="sm" textDecoration="line-through" color="fg.muted" truncate>
                        {p.name}
                      </Text>
                    ) : (
                      <Button
                        size="2xs"
                        variant={on ? 'solid' : 'ghost'}
                        colorPalette={on ? 'brand' : 'gray'}
                        aria-pressed={on}
                        aria-label={`Pick ${p.name}${p.child ? ' (child)' : ''}, seated at ${label}`}
                        onClick={() => props.onToggle([id], !on)}
                        justifyContent="start"
                        minW="0"
                      >
                        <Text as="span" truncate>
                          {p.name}
                          {p.child && ' (child)'}
                        </Text>
                      </Button>
                    )}
                    <HStack gap="1" flexShrink={0}>
                      {p.flag && (
                        <Badge size="xs" colorPalette="red" data-testid="seat-flag">
                          {SEAT_FLAG_LABELS[p.flag]}
                        </Badge>
                      )}
                      <Button
                        size="2xs"
                        variant="ghost"
                        aria-label={`Unseat ${p.name}`}
                        disabled={busy}
                        onClick={() => props.onUnassign([id])}
                      >
                        ✕
                      </Button>
                    </HStack>
                  </HStack>
                );
              })}
            </Stack>
          )}
          {picked > 0 && (
            <Button
              size="sm"
              mt="2"
              w="full"
              colorPalette="brand"
              disabled={busy}
              onClick={props.onSeatHere}
              aria-label={`Seat ${peopleText(picked)} at ${label}`}
            >
              Seat {peopleText(picked)} here
            </Button>
          )}
          <HStack gap="1" mt="2" wrap="wrap">
            <Button
              size="2xs"
              variant="ghost"
              aria-label={`Move ${label} up`}
              disabled={busy || props.first}
              onClick={() => props.onShift(-1)}
            >
              ↑
            </Button>
            <Button
              size="2xs"
              variant="ghost"
              aria-label={`Move ${label} down`}
              disabled={busy || props.last}
              onClick={() => props.onShift(1)}
            >
              ↓
            </Button>
            <Button
              size="2xs"
              variant="ghost"
              aria-label={`Edit ${label}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              size="2xs"
              variant="ghost"
              colorPalette="red"
              aria-label={`Delete ${label}`}
              disabled={busy}
              onClick={props.onDelete}
            >
              Delete
            </Button>
          </HStack>
        </>
      )}
    </Box>
  );
}

/** A whole number from a field, or null when it is not one. */
const wholeOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

function TableForm({
  table,
  busy,
  onSave,
  onCancel,
}: {
  table: TableView;
  busy: boolean;
  onSave(body: {
    name: string;
    number: number | null;
    shape: TableShape;
    seats: number;
  }): Promise<void>;
  onCancel(): void;
}) {
  const [name, setName] = useState(table.name);
  const [number, setNumber] = useState(table.number === null ? '' : String(table.number));
  const [shape, setShape] = useState<TableShape>(table.shape);
  const [seats, setSeats] = useState(String(table.seats));
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = number.trim() === '' ? null : wholeOf(number);
    const s = wholeOf(seats);
    if (!name.trim() || name.trim().length > MAX_TABLE_NAME)
      return setError(`${SEATING_MESSAGES.nameRange}.`);
    if (number.trim() !== '' && (n === null || n < 1 || n > MAX_TABLE_NUMBER)) {
      return setError(`${SEATING_MESSAGES.numberRange}, or empty.`);
    }
    if (s === null || s < 1 || s > MAX_TABLE_SEATS)
      return setError(`${SEATING_MESSAGES.seatsRange}.`);
    setError(null);
    void onSave({ name: name.trim(), number: n, shape, seats: s });
  };
  return (
    <Stack as="form" gap="2" mt="2" onSubmit={submit} aria-label={`Edit ${tableLabel(table)}`}>
      <Input
        size="sm"
        aria-label="Table name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <HStack gap="2">
        <Input
          size="sm"
          aria-label="Table number"
          inputMode="numeric"
          placeholder="No number"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
        <Input
          size="sm"
          aria-label="Seats"
          inputMode="numeric"
          value={seats}
          onChange={(e) => setSeats(e.target.value)}
        />
      </HStack>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          aria-label="Shape"
          value={shape}
          onChange={(e) => setShape(e.target.value === 'long' ? 'long' : 'round')}
        >
          <option value="round">Round</option>
          <option value="long">Long</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {error}
        </Text>
      )}
      <HStack gap="2" justify="end">
        <Button size="xs" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button size="xs" colorPalette="brand" type="submit" loading={busy}>
          Save
        </Button>
      </HStack>
    </Stack>
  );
}
