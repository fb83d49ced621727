import { Text } from '@chakra-ui/react';
import { Field } from '../../components/chakra/Field.ts';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { useState, type FormEvent } from 'react';
import { MAX_PLUS_ONES, RSVP_OPTION_MESSAGES } from '@gatherly/domain/rsvp-options';
import { memberPlusOnesSchema } from '@gatherly/domain/schemas';
import { FormDialog } from '../../components/FormDialog.tsx';
import { showToast } from '../../lib/toast-store.ts';
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

const guests = (n: number) => (n === 1 ? '1 guest' : `${n} guests`);

/**
 * One member's plus-one allowance (docs/decisions.md, "Plus-ones per member"): the event's
 * setting, or a number of their own (0 to 10, so a list rather than free typing). Answers
 * already given keep their parties.
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

/** The select's value for "the event's setting". */
const EVENT_SETTING = 'event';

function PlusOnesForm({ eventId, eventDefault, target, onClose }: Props) {
  const [choice, setChoice] = useState(target?.own == null ? EVENT_SETTING : String(target.own));
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e?: FormEvent<HTMLFormElement>) => {
    e?.preventDefault();
    if (!target) return;
    let value: number | null;
    try {
      value = memberPlusOnesSchema.validateSync({
        plusOnesAllowed: choice === EVENT_SETTING ? null : Number(choice),
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
      <Field.Root invalid={error !== null}>
        <Field.Label>Guests this member may bring</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="plusOnesAllowed"
            value={choice}
            onChange={(e) => {
              setChoice(e.currentTarget.value);
              setError(null);
            }}
          >
            <option value={EVENT_SETTING}>
              Use the event&apos;s setting ({guests(eventDefault)})
            </option>
            {Array.from({ length: MAX_PLUS_ONES + 1 }, (_, n) => (
              <option key={n} value={String(n)}>
                {n === 0 ? 'No guests' : `Up to ${guests(n)}`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : (
          <Field.HelperText>
            Answers already given keep their guests; this member&apos;s next change must fit.
          </Field.HelperText>
        )}
      </Field.Root>
      {failure && (
        <Text color="fg.error" textStyle="sm" role="alert">
          {failure}
        </Text>
      )}
    </FormDialog>
  );
}
