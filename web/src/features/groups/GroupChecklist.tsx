import { Stack, Text } from '@chakra-ui/react';
import { Checkbox } from '../../components/chakra/Checkbox.ts';
import { Fieldset } from '../../components/chakra/Fieldset.ts';
import type { GroupDoc } from '../../lib/types.ts';

interface Props {
  legend: string;
  helper: string;
  groups: readonly GroupDoc[];
  chosen: readonly string[];
  disabled?: boolean;
  /** A sentence shown under the checkboxes. */
  error?: string;
  onChange(next: string[]): void;
}

/** Checkboxes for the event's groups (inviting, an item's limit); nothing when there are none. */
export function GroupChecklist({
  legend,
  helper,
  groups,
  chosen,
  disabled,
  error,
  onChange,
}: Props) {
  if (groups.length === 0) return null;
  return (
    <Fieldset.Root disabled={disabled} invalid={Boolean(error)}>
      <Fieldset.Legend textStyle="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      <Text textStyle="xs" color="fg.muted">
        {helper}
      </Text>
      <Stack gap="1" mt="1">
        {groups.map((g) => (
          <Checkbox.Root
            key={g.id}
            size="sm"
            checked={chosen.includes(g.id)}
            onCheckedChange={(e) =>
              onChange(
                e.checked === true
                  ? [...chosen.filter((id) => id !== g.id), g.id]
                  : chosen.filter((id) => id !== g.id),
              )
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{g.name}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
