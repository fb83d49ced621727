// The date fields the poll dialogs share (proposing dates, editing a poll): one date's start and
// end in the event's zone, the "Add a date" button and the deadline.
import { Badge, Box, Button, CloseButton, Grid, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { WallClockHint } from '../../components/ZonedTime.tsx';
import { addedRow, type DateRow } from './poll-form.ts';

interface DateRowFieldsProps {
  row: DateRow;
  /** "Date 2", "New date 1": the row's heading and its inputs' names. */
  name: string;
  /** A date added to an existing poll. */
  isNew?: boolean;
  withTimes: boolean;
  timeZone: string;
  removable: boolean;
  /** The row's problem (poll-form.ts), shown under it. */
  error: string | null;
  onChange(patch: Partial<DateRow>): void;
  onRemove(): void;
}

/** One date: whole days (first and last day) or times of day, typed in `timeZone`. */
export function DateRowFields({
  row,
  name,
  isNew = false,
  withTimes,
  timeZone,
  removable,
  error,
  onChange,
  onRemove,
}: DateRowFieldsProps) {
  const inputType = withTimes ? 'datetime-local' : 'date';
  const invalid = error !== null;
  return (
    <Box
      borderWidth="1px"
      borderRadius="l2"
      borderColor={invalid ? 'border.error' : 'border'}
      p="3"
      data-testid="poll-date-row"
    >
      <HStack justify="space-between" mb="2">
        <HStack>
          <Text fontWeight="medium" fontSize="sm">
            {name}
          </Text>
          {isNew && <Badge size="sm">New</Badge>}
        </HStack>
        <CloseButton
          size="2xs"
          aria-label={`Remove ${name.toLowerCase()}`}
          disabled={!removable}
          onClick={onRemove}
        />
      </HStack>
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
        <Field.Root invalid={invalid}>
          <Field.Label>{withTimes ? 'Starts' : 'First day'}</Field.Label>
          <Input
            type={inputType}
            aria-label={`${name} starts`}
            value={row.start}
            onChange={(e) => onChange({ start: e.target.value })}
          />
          {withTimes && row.start !== '' && (
            <Field.HelperText>
              <WallClockHint value={row.start} timeZone={timeZone} />
            </Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={invalid}>
          <Field.Label>{withTimes ? 'Ends (optional)' : 'Last day (optional)'}</Field.Label>
          <Input
            type={inputType}
            aria-label={`${name} ends`}
            value={row.end}
            min={row.start || undefined}
            onChange={(e) => onChange({ end: e.target.value })}
          />
        </Field.Root>
      </Grid>
      {invalid && (
        <Text color="fg.error" fontSize="sm" mt="2" role="alert" data-testid="poll-form-error">
          {error}
        </Text>
      )}
    </Box>
  );
}

/** Adds an empty row while the poll has fewer than its most dates (`full`). */
export function AddDateButton({
  full,
  setRows,
}: {
  full: boolean;
  setRows(update: (rows: DateRow[]) => DateRow[]): void;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      alignSelf="start"
      disabled={full}
      onClick={() =>
        setRows((all) => {
          const row = addedRow(all);
          return row ? [...all, row] : all;
        })
      }
    >
      Add a date
    </Button>
  );
}

/** When answers close, typed in the event's zone (`zone`: its label). */
export function AnswersCloseField({
  value,
  zone,
  onChange,
}: {
  value: string;
  zone: string;
  onChange(value: string): void;
}) {
  return (
    <Field.Root>
      <Field.Label>Answers close (optional)</Field.Label>
      <Input
        type="datetime-local"
        aria-label="Answers close"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <Field.HelperText>
        {`In ${zone}. Members who have not answered get a reminder a day before.`}
      </Field.HelperText>
    </Field.Root>
  );
}

/** The form's own problem (not a row's), as a sentence. */
export function FormProblem({ children }: { children: ReactNode }) {
  return (
    <Text color="fg.error" role="alert" data-testid="poll-form-error">
      {children}
    </Text>
  );
}
