import { Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { GROUP_MESSAGES, MAX_GROUP_NAME, MAX_GROUPS_PER_EVENT } from '@gatherly/domain/groups';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { errorMessage } from '../../lib/api.ts';
import { showToast } from '../../lib/toast-store.ts';
import type { GroupDoc } from '../../lib/types.ts';
import { createGroup, deleteGroup, renameGroup, type GroupsState } from './data.ts';

/** A name as the server will check it: trimmed, 1–60 characters. */
function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return GROUP_MESSAGES.nameRequired;
  if (trimmed.length > MAX_GROUP_NAME) return GROUP_MESSAGES.nameTooLong;
  return null;
}

/**
 * The event's guest groups for the hosts (docs/product.md, "Guest groups"): add, rename and
 * delete them. Members are put in groups from the guest list below and when invited; a schedule
 * item is limited to groups in its editor.
 */
export function GroupsCard({ eventId, state }: { eventId: string; state: GroupsState }) {
  const { groups, loading, error } = state;
  const [name, setName] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<GroupDoc | null>(null);
  const [deleting, setDeleting] = useState<GroupDoc | null>(null);
  const [pendingDelete, setPendingDelete] = useState(false);
  const full = groups.length >= MAX_GROUPS_PER_EVENT;

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = nameError(name);
    setInvalid(problem);
    if (problem) return;
    setAdding(true);
    try {
      await createGroup(eventId, name.trim());
      setName('');
    } catch (err) {
      setInvalid(errorMessage(err, 'Could not add the group. Please try again.'));
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setPendingDelete(true);
    try {
      await deleteGroup(eventId, deleting.id);
      showToast({
        title: 'Group deleted',
        description: `${deleting.name} is gone.`,
        status: 'success',
      });
      setDeleting(null);
    } catch (err) {
      showToast({
        title: 'Group not deleted',
        description: errorMessage(err, 'Could not delete the group. Please try again.'),
        status: 'error',
      });
    } finally {
      setPendingDelete(false);
    }
  };

  return (
    <Card.Root data-testid="groups-card">
      <Card.Body gap="3">
        <Box>
          <Heading size="md">Guest groups</Heading>
          <Text color="fg.muted" textStyle="sm">
            Groups like “Wedding party” or “Out of town”. Limit a schedule item to groups in its
            editor: only their members (and the hosts) see it. Guests are not told which groups
            exist.
          </Text>
        </Box>
        {error && (
          <Text color="fg.error" textStyle="sm">
            {error} Please reload the page.
          </Text>
        )}
        {!loading && groups.length === 0 && !error && (
          <Text textStyle="sm" color="fg.muted">
            No groups yet.
          </Text>
        )}
        {groups.length > 0 && (
          <Stack as="ul" gap="2" listStyleType="none" data-testid="group-list">
            {groups.map((g) => (
              <HStack
                as="li"
                key={g.id}
                justify="space-between"
                borderWidth="1px"
                borderRadius="l2"
                px="3"
                py="2"
                gap="2"
                wrap="wrap"
              >
                <Text fontWeight="medium" minW="0" truncate>
                  {g.name}
                </Text>
                <HStack gap="2">
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={`Rename ${g.name}`}
                    onClick={() => setRenaming(g)}
                  >
                    Rename
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Delete ${g.name}`}
                    onClick={() => setDeleting(g)}
                  >
                    Delete
                  </Button>
                </HStack>
              </HStack>
            ))}
          </Stack>
        )}
        {full ? (
          <Text textStyle="sm" color="fg.muted">
            {GROUP_MESSAGES.tooMany}
          </Text>
        ) : (
          <form onSubmit={(e) => void add(e)} noValidate>
            <Field.Root invalid={invalid !== null}>
              <Field.Label>New group</Field.Label>
              <HStack gap="2" align="start" width="full">
                <Input
                  value={name}
                  maxLength={MAX_GROUP_NAME + 20}
                  placeholder="Family, Out of town…"
                  onChange={(e) => {
                    setName(e.currentTarget.value);
                    setInvalid(null);
                  }}
                />
                <Button type="submit" loading={adding} disabled={loading}>
                  Add group
                </Button>
              </HStack>
              {invalid && <Field.ErrorText>{invalid}</Field.ErrorText>}
            </Field.Root>
          </form>
        )}
      </Card.Body>
      <RenameGroupDialog eventId={eventId} group={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete group?"
        description={
          deleting
            ? `Delete “${deleting.name}”? Only a group with no members and no limited items can be deleted.`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={pendingDelete}
        destructive
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Card.Root>
  );
}

function RenameGroupDialog({
  eventId,
  group,
  onClose,
}: {
  eventId: string;
  group: GroupDoc | null;
  onClose(): void;
}) {
  // Keyed by group so each opening starts from its stored name.
  return <RenameForm key={group?.id ?? ''} eventId={eventId} group={group} onClose={onClose} />;
}

function RenameForm({
  eventId,
  group,
  onClose,
}: {
  eventId: string;
  group: GroupDoc | null;
  onClose(): void;
}) {
  const [name, setName] = useState(group?.name ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (e?: FormEvent<HTMLFormElement>) => {
    e?.preventDefault();
    if (!group) return;
    const problem = nameError(name);
    setInvalid(problem);
    if (problem) return;
    setSaving(true);
    try {
      await renameGroup(eventId, group.id, name.trim());
      showToast({
        title: 'Group renamed',
        description: `It is now “${name.trim()}”.`,
        status: 'success',
      });
      onClose();
    } catch (err) {
      setInvalid(errorMessage(err, 'Could not rename the group. Please try again.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog
      open={group !== null}
      title="Rename group"
      submitLabel="Save"
      submittingLabel="Saving..."
      submitting={saving}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <Field.Root invalid={invalid !== null} required>
        <Field.Label>Name</Field.Label>
        <Input
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setInvalid(null);
          }}
        />
        {invalid && <Field.ErrorText>{invalid}</Field.ErrorText>}
      </Field.Root>
    </FormDialog>
  );
}
