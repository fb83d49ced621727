import { chakra, Flex } from '@chakra-ui/react';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';

/** A colour picker with its hex text box, bound to the same value. */
export function ColorField({
  label,
  name,
  value,
  error,
  onChange,
  onBlur,
}: {
  label: string;
  name: string;
  value: string;
  error?: string;
  onChange(value: string): void;
  onBlur(): void;
}) {
  const pickerValue = /^#[0-9a-fA-F]{6}$/.test(value) ? value : '#000000';
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Flex gap="2" w="full">
        <chakra.input
          type="color"
          aria-label={`${label} colour picker`}
          value={pickerValue}
          onChange={(e) => onChange(e.target.value)}
          w="12"
          h="10"
          p="1"
          borderWidth="1px"
          borderRadius="md"
          bg="bg"
          cursor="pointer"
          flexShrink={0}
        />
        <Input
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          fontFamily="mono"
          aria-label={`${label} hex`}
        />
      </Flex>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
