import { Stack, Text } from '@chakra-ui/react';
import { memberRoleLabel, ROLE_CHANGE_NOTES } from '@gatherly/domain/roles';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { MemberDoc } from '../../lib/types.ts';
import type { PendingRoleChange } from './use-member-actions.ts';

function nameOf(member: MemberDoc): string {
  return member.user.displayName || member.user.email;
}

export function RemoveMemberDialog(props: {
  member: MemberDoc | null;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { member } = props;
  return (
    <ConfirmDialog
      open={member !== null}
      title="Remove Member"
      description={
        member
          ? `Are you sure you want to remove ${nameOf(member)} from this event? This action cannot be undone and they will lose access to all event information.`
          : ''
      }
      confirmLabel="Remove"
      pendingLabel="Removing..."
      destructive
      pending={props.pending}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}

export function ChangeRoleDialog(props: {
  change: PendingRoleChange | null;
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { change } = props;
  return (
    <ConfirmDialog
      open={change !== null}
      title="Change Member Role"
      description={
        change ? (
          <Stack gap="3">
            <Text>
              Change {nameOf(change.member)}&apos;s role from {memberRoleLabel(change.member.role)}{' '}
              to {memberRoleLabel(change.role)}?
            </Text>
            <Text fontSize="sm" color="fg.muted" data-testid="role-note">
              {memberRoleLabel(change.role)}: {ROLE_CHANGE_NOTES[change.role]}
            </Text>
          </Stack>
        ) : (
          ''
        )
      }
      confirmLabel="Change Role"
      pendingLabel="Updating..."
      pending={props.pending}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}
