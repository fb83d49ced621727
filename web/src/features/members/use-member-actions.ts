import { useCallback, useState } from 'react';
import type { InvitableRole } from '@gatherly/domain/entities/members';
import { showToast } from '../../lib/toast-store.ts';
import { errorMessage } from '../../lib/api.ts';
import { useMyEvents } from '../../lib/event-scope.tsx';
import type { MemberDoc } from '../../lib/types.ts';
import { changeMemberRole, removeMember } from './data.ts';

export interface PendingRoleChange {
  member: MemberDoc;
  role: InvitableRole;
}

/**
 * Removal and role change with their confirmation state and their toasts (docs/product.md, "Members and roles"). The member
 * list is live, so only the user's events (member counts) are refreshed afterwards.
 */
export function useMemberActions(eventId: string) {
  const { refreshCounts } = useMyEvents();
  const [removing, setRemoving] = useState<MemberDoc | null>(null);
  const [roleChange, setRoleChange] = useState<PendingRoleChange | null>(null);
  const [pending, setPending] = useState(false);

  const confirmRemove = useCallback(async () => {
    if (!removing) return;
    setPending(true);
    try {
      await removeMember(eventId, removing.userId);
      showToast({
        title: 'Member Removed',
        description: `${removing.user.displayName || removing.user.email} was removed from the event.`,
        status: 'success',
      });
      refreshCounts();
      setRemoving(null);
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorMessage(err, 'Failed to remove member. Please try again.'),
        status: 'error',
      });
    } finally {
      setPending(false);
    }
  }, [eventId, removing, refreshCounts]);

  const confirmRoleChange = useCallback(async () => {
    if (!roleChange) return;
    setPending(true);
    try {
      await changeMemberRole(eventId, roleChange.member.userId, roleChange.role);
      showToast({
        title: 'Role Updated',
        description: `${roleChange.member.user.displayName || roleChange.member.user.email} is now ${
          roleChange.role === 'admin' ? 'an Admin' : 'an Attendee'
        }.`,
        status: 'success',
      });
      refreshCounts();
      setRoleChange(null);
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorMessage(err, 'Failed to update role. Please try again.'),
        status: 'error',
      });
    } finally {
      setPending(false);
    }
  }, [eventId, roleChange, refreshCounts]);

  return {
    removing,
    askRemove: setRemoving,
    cancelRemove: () => setRemoving(null),
    confirmRemove,
    roleChange,
    askRoleChange: setRoleChange,
    cancelRoleChange: () => setRoleChange(null),
    confirmRoleChange,
    pending,
  };
}
