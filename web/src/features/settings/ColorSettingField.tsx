import { chakra, HStack } from '@chakra-ui/react';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { useEffect, useRef, useState } from 'react';
import { isHexColor, MESSAGES } from '@gatherly/domain/schemas';

const NativeInput = chakra('input');

interface Props {
  label: string;
  stored: string;
  onCommit(value: string): void;
}

/** While the picker is dragged it fires many changes: save once the colour settles. */
const PICKER_SETTLE_MS = 400;

/** A colour picker plus its hex text box; commits only valid colours that differ from stored. */
export function ColorSettingField({ label, stored, onCommit }: Props) {
  const [value, setValue] = useState(stored);
  const [invalid, setInvalid] = useState(false);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A new stored colour (saved here or elsewhere) replaces what is typed.
  const [seenStored, setSeenStored] = useState(stored);
  if (stored !== seenStored) {
    setSeenStored(stored);
    setValue(stored);
  }
  useEffect(
    () => () => {
      if (settle.current) clearTimeout(settle.current);
    },
    [],
  );

  const commit = (next: string) => {
    const ok = isHexColor(next);
    setInvalid(!ok);
    if (ok && next.toLowerCase() !== stored.toLowerCase()) onCommit(next.toLowerCase());
  };

  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <HStack gap="2" width="full">
        <NativeInput
          type="color"
          aria-label={`${label} picker`}
          value={isHexColor(value) ? value : stored}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setValue(next);
            if (settle.current) clearTimeout(settle.current);
            settle.current = setTimeout(() => commit(next), PICKER_SETTLE_MS);
          }}
          w="12"
          h="10"
          p="1"
          borderWidth="1px"
          borderRadius="l2"
          bg="transparent"
          cursor="pointer"
          flexShrink={0}
        />
        <Input
          aria-label={`${label} hex`}
          value={value}
          maxLength={7}
          fontFamily="mono"
          onChange={(e) => setValue(e.currentTarget.value)}
          onBlur={() => commit(value)}
        />
      </HStack>
      {invalid && <Field.ErrorText>{MESSAGES.invalidColor}</Field.ErrorText>}
    </Field.Root>
  );
}
