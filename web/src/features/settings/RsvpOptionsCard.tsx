import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { Separator } from '../../components/chakra/Separator.ts';
import { useState } from 'react';
import { useDb } from '../../lib/live/index.ts';
import {
  MAX_PLUS_ONES,
  RSVP_OPTION_MESSAGES,
  type GuestQuestion,
} from '@gatherly/domain/rsvp-options';
import { plusOnesAllowedSchema } from '@gatherly/domain/schemas';
import { savePlusOnesAllowed } from './data.ts';
import { QuestionsEditor } from './QuestionsEditor.tsx';
import { SaveIndicator } from './SaveIndicator.tsx';
import { useAutoSave } from './use-auto-save.ts';

interface Props {
  eventId: string;
  plusOnesAllowed: number;
  questions: GuestQuestion[];
}

/** The typed allowance, or the domain's sentence about it. */
function parseAllowance(typed: string): number | string {
  const value = /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;
  try {
    return plusOnesAllowedSchema.validateSync(value);
  } catch (err) {
    return err instanceof Error ? err.message : RSVP_OPTION_MESSAGES.plusOnesRange;
  }
}

/**
 * What a Going answer may carry (docs/product.md, "Plus-ones, questions and waitlists"): the
 * event's plus-one allowance, saved like the other settings when the field is left, and the
 * host's questions, saved together with their own button (the list is one request).
 */
export function RsvpOptionsCard({ eventId, plusOnesAllowed, questions }: Props) {
  const db = useDb();
  const { status, run } = useAutoSave();
  const [typed, setTyped] = useState(String(plusOnesAllowed));
  const [error, setError] = useState<string | null>(null);

  // Another admin's change arrives live: show it unless this field holds an unsaved draft.
  const [shown, setShown] = useState(plusOnesAllowed);
  if (shown !== plusOnesAllowed) {
    setShown(plusOnesAllowed);
    setTyped(String(plusOnesAllowed));
    setError(null);
  }

  const commit = () => {
    const parsed = parseAllowance(typed);
    if (typeof parsed === 'string') {
      setError(parsed);
      return;
    }
    setError(null);
    setTyped(String(parsed));
    if (parsed === plusOnesAllowed) return;
    void run(() => savePlusOnesAllowed(db, eventId, parsed));
  };

  return (
    <Card.Root data-testid="rsvp-options">
      <Card.Header>
        <Heading size="lg">RSVP Options</Heading>
        <Text color="fg.muted" fontSize="sm">
          What guests tell you when they answer Going.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <Field.Root invalid={error !== null} maxW="sm">
            <HStack justify="space-between" width="full">
              <Field.Label>Plus-ones per guest</Field.Label>
              <SaveIndicator status={status} />
            </HStack>
            <Input
              name="plusOnesAllowed"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_PLUS_ONES}
              step={1}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              onBlur={commit}
            />
            {error ? (
              <Field.ErrorText>{error}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                How many guests each member may bring, 0 to {MAX_PLUS_ONES}. Change it for one
                member from the guest list.
              </Field.HelperText>
            )}
          </Field.Root>
          <Separator />
          <QuestionsEditor eventId={eventId} stored={questions} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
