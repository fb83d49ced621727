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
import { useCallback, useState } from 'react';
import { canChangeRole, canRemoveMember, can } from '@gatherly/domain/roles';
import { EmptyState } from '../../components/EmptyState.tsx';
import { VirtualGrid } from '../../components/VirtualGrid.tsx';
import { useEventScope } from '../../lib/event-scope.tsx';
import type { MemberDoc } from '../../lib/types.ts';
import { useEventStats } from '../../lib/use-event-stats.ts';
import { roleTotals, useMemberPages } from './data.ts';
import { InviteMemberDialog } from './InviteMemberDialog.tsx';
import { MemberCard } from './MemberCard.tsx';
import { ChangeRoleDialog, RemoveMemberDialog } from './MemberDialogs.tsx';
import { useMemberActions } from './use-member-actions.ts';

/** Members per page: the cards a first screen shows, plus a few (docs/performance.md). */
export const MEMBER_PAGE_SIZE = 15;

/** A member card's height in the one-column list: one row from 448 px, stacked below. */
const memberRowHeight = (width: number) => (width >= 448 ? 100 : 148);
const oneColumn = () => 1;

/** docs/product.md, "Members and roles". */
export default function MembersPage() {
  const { eventId, uid, role } = useEventScope();
  const [search, setSearch] = useState('');
  const [inviting, setInviting] = useState(false);
  const actions = useMemberActions(eventId);
  const stats = useEventStats(eventId);
  const totals = roleTotals(stats.members);
  const pages = useMemberPages(eventId, search, MEMBER_PAGE_SIZE);
  const searching = search.trim() !== '';
  const { askRemove, askRoleChange } = actions;
  const renderMember = useCallback(
    (m: MemberDoc) => (
      <MemberCard
        member={m}
        canRemove={canRemoveMember(role, uid, m)}
        canChangeRole={canChangeRole(role, uid, m)}
        onRemove={askRemove}
        onChangeRole={(member, newRole) => askRoleChange({ member, role: newRole })}
      />
    ),
    [role, uid, askRemove, askRoleChange],
  );
  const slots = pages.hasMore
    ? Math.max(
        searching ? pages.items.length + MEMBER_PAGE_SIZE : (totals?.total ?? 0),
        pages.items.length + 1,
      )
    : pages.items.length;

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
      <HStack gap="2" wrap="wrap" data-testid="member-totals">
        <Badge size="lg" variant="surface">
          Total: {totals?.total ?? '…'}
        </Badge>
        <Badge size="lg" variant="surface" colorPalette="purple">
          Creators: {totals?.creators ?? '…'}
        </Badge>
        <Badge size="lg" variant="surface" colorPalette="blue">
          Admins: {totals?.admins ?? '…'}
        </Badge>
        <Badge size="lg" variant="surface">
          Attendees: {totals?.attendees ?? '…'}
        </Badge>
      </HStack>
      <Input
        placeholder="Search members..."
        aria-label="Search members"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxW={{ md: 'md' }}
      />
      {pages.loading ? (
        <Stack gap="3" data-testid="members-loading">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height="20" borderRadius="l3" />
          ))}
        </Stack>
      ) : pages.items.length === 0 && !pages.hasMore && !searching ? (
        <EmptyState
          title="No Members Yet"
          description="Invite people to join your event and start collaborating."
        />
      ) : pages.items.length === 0 && !pages.hasMore ? (
        <EmptyState title="No Members Found" description="Try adjusting your search criteria." />
      ) : (
        <VirtualGrid
          items={pages.items}
          totalCount={slots}
          getKey={(m) => m.userId}
          renderItem={renderMember}
          onRangeChange={pages.setVisibleRange}
          columnsFor={oneColumn}
          rowHeightFor={memberRowHeight}
          gap={12}
          testId="member-list"
        />
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
