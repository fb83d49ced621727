import { HStack } from '@chakra-ui/react';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { Textarea } from '../../components/chakra/Textarea.ts';
import { useEffect, useRef, useState } from 'react';
import { useDb } from '../../lib/live/index.ts';
import { validateSettingsField } from '@gatherly/domain/schemas';
import { saveTextField, type TextSettingsField } from './data.ts';
import { SaveIndicator } from './SaveIndicator.tsx';
import { useAutoSave } from './use-auto-save.ts';

interface Props {
  eventId: string;
  field: TextSettingsField;
  label: string;
  stored: string;
  required?: boolean;
  multiline?: boolean;
  placeholder?: string;
  helper?: string;
  /** Reports the value being typed (the logo preview follows it). */
  onDraft?(value: string): void;
}

/** A text setting saved on blur, only when it changed and is not empty (docs/product.md, "Settings"). */
export function TextSettingField({
  eventId,
  field,
  label,
  stored,
  required,
  multiline,
  placeholder,
  helper,
  onDraft,
}: Props) {
  const db = useDb();
  const { status, run } = useAutoSave();
  const [value, setValue] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const editing = useRef(false);

  // Another admin's change arrives live; do not overwrite what this user is typing.
  useEffect(() => {
    if (!editing.current) setValue(stored);
  }, [stored]);

  const commit = async () => {
    editing.current = false;
    const next = value.trim();
    if (next === stored.trim() || next === '') {
      setError(required && next === '' ? validateSettingsField('name', '') : null);
      return;
    }
    const invalid = validateSettingsField(field, next);
    setError(invalid);
    if (invalid) return;
    await run(() => saveTextField(db, eventId, field, next));
  };

  const common = {
    name: field,
    value,
    placeholder,
    onFocus: () => {
      editing.current = true;
    },
    onChange: (e: { currentTarget: { value: string } }) => {
      setValue(e.currentTarget.value);
      onDraft?.(e.currentTarget.value);
    },
    onBlur: () => void commit(),
  };

  return (
    <Field.Root invalid={error !== null} required={required}>
      <HStack justify="space-between" width="full">
        <Field.Label>
          {label}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
        <SaveIndicator status={status} />
      </HStack>
      {multiline ? <Textarea rows={3} {...common} /> : <Input {...common} />}
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : helper ? (
        <Field.HelperText>{helper}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
