import {
  Box,
  Card,
  Heading,
  HStack,
  NativeSelect,
  Separator,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { formatDateTime } from '@gatherly/domain/dates';
import type { InvitableRole } from '@gatherly/domain/entities';
import { canChangeRole, memberRoleLabel } from '@gatherly/domain/roles';
import { RoleBadge } from '../../components/RoleBadge.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useMembers, useRoleChanges } from './data.ts';
import { ChangeRoleDialog } from './MemberDialogs.tsx';
import { useMemberActions } from './use-member-actions.ts';

/** How many past role changes the card lists. */
const HISTORY_SIZE = 20;

/** The creator's Role Management card (settings): change roles and see who changed what. */
export function RoleManagementCard({ eventId, uid }: { eventId: string; uid: string }) {
  const { loading, members } = useMembers(eventId);
  const actions = useMemberActions(eventId);
  const changes = useRoleChanges(eventId, HISTORY_SIZE);
  const nameOf = (userId: string) => {
    const m = members.find((x) => x.userId === userId);
    return m ? m.user.displayName || m.user.email : 'A former member';
  };

  return (
    <Card.Root>
      <Card.Header>
        <Heading size="lg">Role Management</Heading>
        <Text color="fg.muted" fontSize="sm">
          Promote attendees to admins or change admins back to attendees. The creator&apos;s role
          cannot be changed.
        </Text>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <Stack gap="2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height="10" />
            ))}
          </Stack>
        ) : (
          <Stack gap="3">
            {members.map((m) => {
              const name = m.user.displayName || m.user.email;
              return (
                <HStack key={m.userId} gap="3" data-testid="role-row">
                  <UserAvatar name={name} photoURL={m.user.photoURL} size="sm" />
                  <Box flex="1" minW="0">
                    <Text fontWeight="medium" truncate>
                      {name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" truncate>
                      {m.user.email}
                    </Text>
                  </Box>
                  {canChangeRole('creator', uid, m) ? (
                    <NativeSelect.Root size="sm" width="36">
                      <NativeSelect.Field
                        aria-label={`Role of ${name}`}
                        value={m.role}
                        onChange={(e) => {
                          const role = e.currentTarget.value as InvitableRole;
                          if (role !== m.role) actions.askRoleChange({ member: m, role });
                        }}
                      >
                        <option value="attendee">Attendee</option>
                        <option value="admin">Admin</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  ) : (
                    <RoleBadge role={m.role} context="member" />
                  )}
                </HStack>
              );
            })}
          </Stack>
        )}
        <Separator my="5" />
        <Heading size="sm" mb="2">
          Role change history
        </Heading>
        {changes.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            No role changes yet.
          </Text>
        ) : (
          <Stack gap="1" as="ul" listStyleType="none" m="0" p="0">
            {changes.map((c) => (
              <Text as="li" key={c.id} fontSize="sm" data-testid="role-change">
                <strong>{nameOf(c.changedUserId)}</strong>: {memberRoleLabel(c.oldRole)} →{' '}
                {memberRoleLabel(c.newRole)}
                <Text as="span" color="fg.muted">
                  {' '}
                  · by {nameOf(c.changedByUserId)}
                  {c.changedAt ? `, ${formatDateTime(c.changedAt)}` : ''}
                </Text>
              </Text>
            ))}
          </Stack>
        )}
      </Card.Body>
      <ChangeRoleDialog
        change={actions.roleChange}
        pending={actions.pending}
        onConfirm={actions.confirmRoleChange}
        onClose={actions.cancelRoleChange}
      />
    </Card.Root>
  );
}
