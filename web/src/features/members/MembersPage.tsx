import {
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Input,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { canChangeRole, canRemoveMember, can } from '@gatherly/domain/roles';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useEventScope } from '../../lib/event-scope.tsx';
import { roleTotals, searchMembers, useMembers } from './data.ts';
import { InviteMemberDialog } from './InviteMemberDialog.tsx';
import { MemberCard } from './MemberCard.tsx';
import { ChangeRoleDialog, RemoveMemberDialog } from './MemberDialogs.tsx';
import { useMemberActions } from './use-member-actions.ts';
import { GuestList } from './GuestList.tsx';
import { PendingInvitations } from './PendingInvitations.tsx';
import { UpgradeDialog } from '../subscription/UpgradeDialog.tsx';
import { useSubscription } from '../subscription/use-subscription.ts';

/** docs/product.md, "Members and roles". */
export default function MembersPage() {
  const { eventId, uid, role, event } = useEventScope();
  const isHost = can(role, 'viewGuestList');
  const { loading, members } = useMembers(eventId);
  const [search, setSearch] = useState('');
  const [inviting, setInviting] = useState(false);
  const actions = useMemberActions(eventId);
  const totals = roleTotals(members);
  const shown = useMemo(() => searchMembers(members, search), [members, search]);

  return (
    <Stack gap="6" maxW="6xl" p={{ base: '4', md: '8' }} mx="auto" w="full">
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Box>
          <Heading size="2xl">Event Members</Heading>
          <Text color="fg.muted">Everyone who is part of this event.</Text>
        </Box>
        {can(role, 'inviteMembers') && (
          <Button colorPalette="brand" onClick={() => setInviting(true)}>
            Invite Member
          </Button>
        )}
      </HStack>
      {isHost && <HostSections eventId={eventId} eventName={event.name} />}
      <HStack gap="2" wrap="wrap" data-testid="member-totals">
        <Badge size="lg" variant="surface">
          Total: {totals.total}
        </Badge>
        <Badge size="lg" variant="surface" colorPalette="purple">
          Creators: {totals.creators}
        </Badge>
        <Badge size="lg" variant="surface" colorPalette="blue">
          Admins: {totals.admins}
        </Badge>
        <Badge size="lg" variant="surface">
          Attendees: {totals.attendees}
        </Badge>
      </HStack>
      <Input
        placeholder="Search members..."
        aria-label="Search members"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxW={{ md: 'md' }}
      />
      {loading ? (
        <Stack gap="3" data-testid="members-loading">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height="20" borderRadius="l3" />
          ))}
        </Stack>
      ) : members.length === 0 ? (
        <EmptyState
          title="No Members Yet"
          description="Invite people to join your event and start collaborating."
        />
      ) : shown.length === 0 ? (
        <EmptyState title="No Members Found" description="Try adjusting your search criteria." />
      ) : (
        <Stack gap="3">
          {shown.map((m) => (
            <MemberCard
              key={m.userId}
              member={m}
              canRemove={canRemoveMember(role, uid, m)}
              canChangeRole={canChangeRole(role, uid, m)}
              onRemove={actions.askRemove}
              onChangeRole={(member, newRole) => actions.askRoleChange({ member, role: newRole })}
            />
          ))}
        </Stack>
      )}
      <InviteMemberDialog eventId={eventId} open={inviting} onClose={() => setInviting(false)} />
      <RemoveMemberDialog
        member={actions.removing}
        pending={actions.pending}
        onConfirm={actions.confirmRemove}
        onClose={actions.cancelRemove}
      />
      <ChangeRoleDialog
        change={actions.roleChange}
        pending={actions.pending}
        onConfirm={actions.confirmRoleChange}
        onClose={actions.cancelRoleChange}
      />
    </Stack>
  );
}

/** The guest list and pending invitations, for admins and the creator. */
function HostSections({ eventId, eventName }: { eventId: string; eventName: string }) {
  const { subscription } = useSubscription();
  const [upgrading, setUpgrading] = useState(false);
  return (
    <>
      <GuestList
        eventId={eventId}
        eventName={eventName}
        canExport={subscription?.features.exportDataEnabled === true}
        onUpgrade={() => setUpgrading(true)}
      />
      <PendingInvitations eventId={eventId} />
      <UpgradeDialog
        open={upgrading}
        onClose={() => setUpgrading(false)}
        tier={subscription?.tier ?? null}
        limits={null}
      />
    </>
  );
}
