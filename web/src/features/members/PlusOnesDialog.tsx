import { Field, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  MAX_PLUS_ONES,
  memberPlusOnesSchema,
  RSVP_OPTION_MESSAGES,
} from '@gatherly/domain/rsvp-options';
import { FormDialog } from '../../components/FormDialog.tsx';
import { showToast } from '../../components/toast-store.ts';
import { errorMessage } from '../../lib/api.ts';
import { setMemberPlusOnes } from './guest-list-data.ts';

/** The member whose allowance is being changed. */
export interface PlusOnesTarget {
  uid: string;
  name: string;
  /** Their own allowance; null = the event's. */
  own: number | null;
}

interface Props {
  eventId: string;
  /** The event's allowance (Settings → RSVP Options). */
  eventDefault: number;
  target: PlusOnesTarget | null;
  onClose(): void;
}

type Choice = 'event' | 'own';

const guests = (n: number) => (n === 1 ? '1 guest' : `${n} guests`);

/**
 * One member's plus-one allowance (docs/decisions.md, "Plus-ones per member"): the event's
 * setting, or a number of their own. Answers already given keep their parties.
 */
export function PlusOnesDialog({ eventId, eventDefault, target, onClose }: Props) {
  return (
    // Keyed by member so each opening starts from that member's stored allowance.
    <PlusOnesForm
      key={target?.uid ?? ''}
      eventId={eventId}
      eventDefault={eventDefault}
      target={target}
      onClose={onClose}
    />
  );
}

function PlusOnesForm({ eventId, eventDefault, target, onClose }: Props) {
  const [choice, setChoice] = useState<Choice>(target?.own == null ? 'event' : 'own');
  const [typed, setTyped] = useState(String(target?.own ?? eventDefault));
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e?: FormEvent<HTMLFormElement>) => {
    e?.preventDefault();
    if (!target) return;
    const number = /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;
    let value: number | null;
    try {
      value = memberPlusOnesSchema.validateSync({
        plusOnesAllowed: choice === 'event' ? null : number,
      }).plusOnesAllowed;
    } catch (err) {
      setError(err instanceof Error ? err.message : RSVP_OPTION_MESSAGES.plusOnesRange);
      return;
    }
    setError(null);
    setFailure(null);
    setSaving(true);
    try {
      const stored = await setMemberPlusOnes(eventId, target.uid, value ?? null);
      showToast({
        title: 'Plus-ones Updated',
        description:
          stored === null
            ? `${target.name} follows the event's setting (${guests(eventDefault)}).`
            : `${target.name} may bring up to ${guests(stored)}.`,
        status: 'success',
      });
      onClose();
    } catch (err) {
      setFailure(errorMessage(err, 'Could not change the plus-ones. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open={target !== null}
      title={target ? `Plus-ones for ${target.name}` : 'Plus-ones'}
      submitLabel="Save"
      submittingLabel="Saving..."
      submitting={saving}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <Text color="fg.muted" textStyle="sm">
        How many guests this member may bring. Answers already given keep their guests; the next
        change must fit.
      </Text>
      <RadioGroup.Root
        value={choice}
        onValueChange={(e) => {
          setChoice(e.value === 'own' ? 'own' : 'event');
          setError(null);
        }}
        colorPalette="brand"
      >
        <Stack gap="3">
          <RadioGroup.Item value="event">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>
              Use the event&apos;s setting ({guests(eventDefault)})
            </RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="own">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>A number for this member</RadioGroup.ItemText>
          </RadioGroup.Item>
        </Stack>
      </RadioGroup.Root>
      {choice === 'own' && (
        <Field.Root invalid={error !== null} maxW="48">
          <Field.Label>Guests they may bring</Field.Label>
          <Input
            name="plusOnesAllowed"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_PLUS_ONES}
            step={1}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          {error ? (
            <Field.ErrorText>{error}</Field.ErrorText>
          ) : (
            <Field.HelperText>0 to {MAX_PLUS_ONES}</Field.HelperText>
          )}
        </Field.Root>
      )}
      {failure && (
        <Text color="fg.error" textStyle="sm" role="alert">
          {failure}
        </Text>
      )}
    </FormDialog>
  );
}
