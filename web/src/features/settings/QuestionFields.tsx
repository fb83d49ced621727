import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { Switch } from '../../components/chakra/Switch.ts';
import { GUEST_QUESTION_KINDS, type GuestQuestionKind } from '@gatherly/domain/rsvp-options';
import { ChevronDownIcon, PlusIcon, TrashIcon } from '../../components/icons.tsx';
import {
  canAddOption,
  KIND_LABELS,
  withKind,
  type QuestionDraft,
  type QuestionErrors,
} from './question-drafts.ts';

interface Props {
  index: number;
  count: number;
  draft: QuestionDraft;
  errors: QuestionErrors['byQuestion'][number];
  disabled: boolean;
  onChange(next: QuestionDraft): void;
  onMove(to: number): void;
  onRemove(): void;
}

const isKind = (v: string): v is GuestQuestionKind =>
  (GUEST_QUESTION_KINDS as readonly string[]).includes(v);

/** One question: its text, kind, options (choice kinds) and Required, with move and remove. */
export function QuestionFields({
  index,
  count,
  draft,
  errors,
  disabled,
  onChange,
  onMove,
  onRemove,
}: Props) {
  const n = index + 1;
  const titleId = `question-${draft.key}-title`;
  const setOption = (j: number, value: string) =>
    onChange({ ...draft, options: draft.options.map((o, k) => (k === j ? value : o)) });
  return (
    <Stack
      role="group"
      aria-labelledby={titleId}
      borderWidth="1px"
      borderRadius="l2"
      p={{ base: '3', md: '4' }}
      gap="4"
      data-testid="question-editor"
    >
      <HStack justify="space-between">
        <Text id={titleId} fontWeight="medium">
          Question {n}
        </Text>
        <HStack gap="1">
          <IconButton
            aria-label={`Move question ${n} up`}
            size="xs"
            variant="ghost"
            disabled={disabled || index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ChevronDownIcon transform="rotate(180deg)" />
          </IconButton>
          <IconButton
            aria-label={`Move question ${n} down`}
            size="xs"
            variant="ghost"
            disabled={disabled || index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ChevronDownIcon />
          </IconButton>
          <IconButton
            aria-label={`Remove question ${n}`}
            size="xs"
            variant="ghost"
            colorPalette="red"
            disabled={disabled}
            onClick={onRemove}
          >
            <TrashIcon />
          </IconButton>
        </HStack>
      </HStack>
      <Field.Root invalid={Boolean(errors?.label)} required disabled={disabled}>
        <Field.Label>
          Question text
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={draft.label}
          placeholder="e.g. Dietary needs"
          onChange={(e) => onChange({ ...draft, label: e.currentTarget.value })}
        />
        {errors?.label && <Field.ErrorText>{errors.label}</Field.ErrorText>}
      </Field.Root>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ sm: 'end' }}>
        <Field.Root invalid={Boolean(errors?.kind)} maxW={{ sm: '56' }} disabled={disabled}>
          <Field.Label>Answer</Field.Label>
          <NativeSelect.Root size="sm" disabled={disabled}>
            <NativeSelect.Field
              value={draft.kind}
              onChange={(e) => {
                const kind = e.currentTarget.value;
                if (isKind(kind)) onChange(withKind(draft, kind));
              }}
            >
              {GUEST_QUESTION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errors?.kind && <Field.ErrorText>{errors.kind}</Field.ErrorText>}
        </Field.Root>
        <Switch.Root
          colorPalette="brand"
          checked={draft.required}
          disabled={disabled}
          onCheckedChange={(e) => onChange({ ...draft, required: e.checked })}
          pb={{ sm: '2' }}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Required</Switch.Label>
        </Switch.Root>
      </Stack>
      {draft.kind !== 'text' && (
        <Box>
          <Text textStyle="sm" fontWeight="medium" mb="1.5" id={`question-${draft.key}-options`}>
            Options
          </Text>
          <Stack gap="2" maxW="lg" role="group" aria-labelledby={`question-${draft.key}-options`}>
            {draft.options.map((option, j) => (
              <Field.Root key={j} invalid={Boolean(errors?.option?.[j])} disabled={disabled}>
                <HStack gap="1" width="full">
                  <Input
                    size="sm"
                    aria-label={`Option ${j + 1}`}
                    value={option}
                    onChange={(e) => setOption(j, e.currentTarget.value)}
                  />
                  <IconButton
                    aria-label={`Remove option ${j + 1}`}
                    size="xs"
                    variant="ghost"
                    disabled={disabled}
                    onClick={() =>
                      onChange({ ...draft, options: draft.options.filter((_, k) => k !== j) })
                    }
                  >
                    <TrashIcon />
                  </IconButton>
                </HStack>
                {errors?.option?.[j] && <Field.ErrorText>{errors.option[j]}</Field.ErrorText>}
              </Field.Root>
            ))}
            {errors?.options && (
              <Text color="fg.error" textStyle="sm">
                {errors.options}
              </Text>
            )}
            <Button
              size="xs"
              variant="ghost"
              alignSelf="start"
              disabled={disabled || !canAddOption(draft)}
              onClick={() => onChange({ ...draft, options: [...draft.options, ''] })}
            >
              <PlusIcon /> Add option
            </Button>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
