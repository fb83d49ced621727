import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { MAX_GROUP_ASSIGNMENT } from '@gatherly/domain/groups';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { errorMessage } from '../../lib/api.ts';
import { showToast } from '../../lib/toast-store.ts';
import type { GroupDoc } from '../../lib/types.ts';
import { assignGroupMembers } from '../groups/data.ts';

interface Props {
  eventId: string;
  groups: readonly GroupDoc[];
  /** The guests ticked in the list, uid -> name. */
  selected: ReadonlyMap<string, string>;
  /** After a change went through: the selection is cleared. */
  onDone(): void;
}

const people = (n: number) => (n === 1 ? '1 guest' : `${n} guests`);

/**
 * Puts the ticked guests in a group or takes them out, in one request (all or nothing, at most
 * 200 at once: PUT /api/events/{e}/groups/{g}/members).
 */
export function GroupAssignBar({ eventId, groups, selected, onDone }: Props) {
  const [groupId, setGroupId] = useState('');
  const [saving, setSaving] = useState(false);
  const group = groups.find((g) => g.id === groupId) ?? null;
  const count = selected.size;
  const tooMany = count > MAX_GROUP_ASSIGNMENT;
  const apply = async (mode: 'add' | 'remove') => {
    if (!group || count === 0) return;
    const uids = [...selected.keys()];
    setSaving(true);
    try {
      await assignGroupMembers(
        eventId,
        group.id,
        mode === 'add' ? { add: uids } : { remove: uids },
      );
      showToast({
        title: mode === 'add' ? 'Added to the group' : 'Taken out of the group',
        description: `${people(count)} ${mode === 'add' ? 'added to' : 'taken out of'} ${group.name}.`,
        status: 'success',
      });
      onDone();
    } catch (err) {
      showToast({
        title: 'Groups not changed',
        description: errorMessage(err, 'Could not change the group. Please try again.'),
        status: 'error',
      });
    } finally {
      setSaving(false);
    }
  };
  return (
    <HStack
      gap="2"
      wrap="wrap"
      role="group"
      aria-label="Guest groups of the selected guests"
      data-testid="group-assign"
    >
      <Text textStyle="sm" color={count ? 'fg' : 'fg.muted'}>
        {count ? `${people(count)} selected` : 'Tick guests to put them in a group.'}
      </Text>
      <NativeSelect.Root size="xs" width="auto" disabled={saving || count === 0}>
        <NativeSelect.Field
          aria-label="Group for the selected guests"
          value={groupId}
          onChange={(e) => setGroupId(e.currentTarget.value)}
        >
          <option value="">Choose a group…</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button
        size="xs"
        colorPalette="brand"
        disabled={!group || count === 0 || tooMany}
        loading={saving}
        onClick={() => void apply('add')}
      >
        Add to group
      </Button>
      <Button
        size="xs"
        variant="outline"
        disabled={!group || count === 0 || tooMany}
        onClick={() => void apply('remove')}
      >
        Remove from group
      </Button>
      {count > 0 && (
        <Button size="xs" variant="ghost" disabled={saving} onClick={onDone}>
          Clear selection
        </Button>
      )}
      {tooMany && (
        <Text textStyle="sm" color="fg.error">
          Choose at most {MAX_GROUP_ASSIGNMENT} guests at once.
        </Text>
      )}
    </HStack>
  );
}
