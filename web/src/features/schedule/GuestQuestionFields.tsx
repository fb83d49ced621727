import { CheckboxGroup, Stack, Text } from '@chakra-ui/react';
import { Checkbox } from '../../components/chakra/Checkbox.ts';
import { Field } from '../../components/chakra/Field.ts';
import { Fieldset } from '../../components/chakra/Fieldset.ts';
import { Input } from '../../components/chakra/Input.ts';
import { RadioGroup } from '../../components/chakra/RadioGroup.ts';
import {
  MAX_TEXT_ANSWER,
  type GuestAnswerValue,
  type GuestQuestion,
} from '@gatherly/domain/rsvp-options';

interface Props {
  questions: readonly GuestQuestion[];
  values: Readonly<Record<string, GuestAnswerValue>>;
  /** Question id → the domain's message for it. */
  errors: Readonly<Record<string, string>> | undefined;
  disabled?: boolean;
  onChange(id: string, value: GuestAnswerValue): void;
}

/** "*" after a required question's label (the control carries the requirement for readers). */
function RequiredMark() {
  return (
    <Text as="span" color="fg.error" aria-hidden="true" ms="1">
      *
    </Text>
  );
}

/**
 * The host's questions as form fields: short text, one choice (radio buttons), several choices
 * (checkboxes); required ones marked, each with its own message.
 */
export function GuestQuestionFields({ questions, values, errors, disabled, onChange }: Props) {
  return (
    <Stack gap="4">
      {questions.map((q) => {
        const error = errors?.[q.id];
        const value = values[q.id];
        if (q.kind === 'text') {
          return (
            <Field.Root key={q.id} invalid={Boolean(error)} required={q.required}>
              <Field.Label>
                {q.label}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                name={`answer-${q.id}`}
                value={typeof value === 'string' ? value : ''}
                maxLength={MAX_TEXT_ANSWER}
                disabled={disabled}
                onChange={(e) => onChange(q.id, e.target.value)}
              />
              {error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
          );
        }
        if (q.kind === 'single') {
          return (
            <Fieldset.Root key={q.id} invalid={Boolean(error)} disabled={disabled}>
              <Fieldset.Legend fontWeight="medium">
                {q.label}
                {q.required && <RequiredMark />}
              </Fieldset.Legend>
              <RadioGroup.Root
                name={`answer-${q.id}`}
                value={typeof value === 'string' && value ? value : null}
                onValueChange={(e) => onChange(q.id, e.value ?? '')}
                aria-required={q.required || undefined}
                size="sm"
              >
                <Stack gap="2" mt="1">
                  {q.options.map((option) => (
                    <RadioGroup.Item key={option} value={option}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{option}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
              {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
            </Fieldset.Root>
          );
        }
        const chosen = Array.isArray(value) ? value : [];
        return (
          <Fieldset.Root key={q.id} invalid={Boolean(error)} disabled={disabled}>
            <Fieldset.Legend fontWeight="medium">
              {q.label}
              {q.required && <RequiredMark />}
            </Fieldset.Legend>
            <Fieldset.HelperText>Choose any that apply.</Fieldset.HelperText>
            <CheckboxGroup
              name={`answer-${q.id}`}
              value={chosen}
              onValueChange={(next) => onChange(q.id, next)}
            >
              <Stack gap="2" mt="1">
                {q.options.map((option) => (
                  <Checkbox.Root key={option} value={option} size="sm">
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{option}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </CheckboxGroup>
            {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
          </Fieldset.Root>
        );
      })}
    </Stack>
  );
}
