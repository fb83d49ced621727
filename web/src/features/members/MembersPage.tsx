import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Skeleton } from '../../components/chakra/Skeleton.ts';
import { Input } from '../../components/chakra/Input.ts';
import { Tabs } from '../../components/chakra/Tabs.ts';
import { useCallback, useState, type ReactNode } from 'react';
import { JOIN_REQUESTS_PAGE } from '@gatherly/domain/guest-access';
import type { InvitableRole, MemberRole } from '@gatherly/domain/entities/members';
import { canChangeRole, canRemoveMember, can } from '@gatherly/domain/roles';
import type { GuestQuestion } from '@gatherly/domain/rsvp-options';
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
import { GuestList } from './GuestList.tsx';
import { useGroups, type GroupsState } from '../groups/data.ts';
import { GroupsCard } from '../groups/GroupsCard.tsx';
import { JoinRequests } from './JoinRequests.tsx';
import { usePendingJoinRequests } from './join-requests-data.ts';
import { PendingInvitations } from './PendingInvitations.tsx';
import { UpgradeDialog } from '../subscription/UpgradeDialog.tsx';
import { useSubscription } from '../subscription/use-subscription.ts';

/**
 * The host's tabs: members, the guest list, pending invitations and requests to join (its count
 * on the tab, live). Only the open tab reads its list; the requests' bounded listener stays on
 * for the count.
 */
function HostTabs({
  tab,
  onTab,
  eventId,
  directory,
  guestList,
}: {
  tab: MembersTab;
  onTab(tab: MembersTab): void;
  eventId: string;
  directory: ReactNode;
  guestList: ReactNode;
}) {
  const { requests } = usePendingJoinRequests(eventId);
  const waiting = requests.length;
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(e) => {
        if (isMembersTab(e.value)) onTab(e.value);
      }}
      variant="enclosed"
      lazyMount
      unmountOnExit
    >
      <Tabs.List flexWrap="wrap">
        <Tabs.Trigger value="members">Members</Tabs.Trigger>
        <Tabs.Trigger value="guests">Guest List</Tabs.Trigger>
        <Tabs.Trigger value="invitations">Pending Invitations</Tabs.Trigger>
        <Tabs.Trigger value="requests">
          Requests
          {waiting > 0 && (
            <Badge colorPalette="brand" variant="solid" data-testid="join-request-count">
              {waiting >= JOIN_REQUESTS_PAGE ? `${JOIN_REQUESTS_PAGE}+` : waiting}
            </Badge>
          )}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="members">{directory}</Tabs.Content>
      <Tabs.Content value="guests">{guestList}</Tabs.Content>
      <Tabs.Content value="invitations">
        <PendingInvitations eventId={eventId} />
      </Tabs.Content>
      <Tabs.Content value="requests">
        <JoinRequests eventId={eventId} requests={requests} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** Members per page: the cards a first screen shows, plus a few (docs/performance.md). */
export const MEMBER_PAGE_SIZE = 15;

/** A member card's height in the one-column list: one row from 448 px, stacked below. */
const memberRowHeight = (width: number) => (width >= 448 ? 100 : 148);
const oneColumn = () => 1;

type MembersTab = 'members' | 'guests' | 'invitations' | 'requests';
const isMembersTab = (v: string): v is MembersTab =>
  v === 'members' || v === 'guests' || v === 'invitations' || v === 'requests';

/**
 * docs/product.md, "Members and roles" and "Guest list". Admins and the creator get tabs:
 * members, the guest list, pending invitations and requests to join.
 * Attendees get the member list.
 */
export default function MembersPage() {
  const { eventId, uid, role, event } = useEventScope();
  const isHost = can(role, 'viewGuestList');
  // Guest groups: the hosts' (the rules let only admins read them).
  const groups = useGroups(eventId, isHost);
  const [tab, setTab] = useState<MembersTab>('members');
  const [inviting, setInviting] = useState(false);
  const actions = useMemberActions(eventId);
  const directory = (
    <MemberDirectory
      eventId={eventId}
      uid={uid}
      role={role}
      onRemove={actions.askRemove}
      onChangeRole={actions.askRoleChange}
    />
  );

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
      {isHost ? (
        <HostTabs
          tab={tab}
          onTab={setTab}
          eventId={eventId}
          directory={directory}
          guestList={
            <HostGuestList
              groups={groups}
              eventId={eventId}
              isCreator={role === 'creator'}
              eventName={event.name}
              plusOnesAllowed={event.plusOnesAllowed ?? 0}
              questions={event.questions ?? NO_QUESTIONS}
            />
          }
        />
      ) : (
        directory
      )}
      <InviteMemberDialog
        eventId={eventId}
        groups={groups.groups}
        open={inviting}
        onClose={() => setInviting(false)}
      />
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

interface DirectoryProps {
  eventId: string;
  uid: string;
  role: MemberRole;
  onRemove(member: MemberDoc): void;
  onChangeRole(change: { member: MemberDoc; role: InvitableRole }): void;
}

/** The member list: stored totals, search, and cursor pages on the virtual grid. */
function MemberDirectory({ eventId, uid, role, onRemove, onChangeRole }: DirectoryProps) {
  const [search, setSearch] = useState('');
  const stats = useEventStats(eventId, 'members');
  const totals = roleTotals(stats.members);
  const pages = useMemberPages(eventId, search, MEMBER_PAGE_SIZE);
  const searching = search.trim() !== '';
  const renderMember = useCallback(
    (m: MemberDoc) => (
      <MemberCard
        member={m}
        canRemove={canRemoveMember(role, uid, m)}
        canChangeRole={canChangeRole(role, uid, m)}
        onRemove={onRemove}
        onChangeRole={(member, newRole) => onChangeRole({ member, role: newRole })}
      />
    ),
    [role, uid, onRemove, onChangeRole],
  );
  const slots = pages.hasMore
    ? Math.max(
        searching ? pages.items.length + MEMBER_PAGE_SIZE : (totals?.total ?? 0),
        pages.items.length + 1,
      )
    : pages.items.length;

  return (
    <Stack gap="6">
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
    </Stack>
  );
}

const NO_QUESTIONS: readonly GuestQuestion[] = [];

/**
 * The guest list with the export's plan gate and the upgrade dialog. The event creator's plan
 * decides the export: the creator knows it and is offered the upgrade; other admins learn it
 * from the server's answer (a sentence that does not name the plan).
 */
function HostGuestList({
  eventId,
  isCreator,
  eventName,
  plusOnesAllowed,
  questions,
  groups,
}: {
  groups: GroupsState;
  eventId: string;
  isCreator: boolean;
  eventName: string;
  plusOnesAllowed: number;
  questions: readonly GuestQuestion[];
}) {
  const { subscription, loading, error } = useSubscription(isCreator);
  const [upgrading, setUpgrading] = useState(false);
  return (
    <Stack gap="6">
      <GroupsCard eventId={eventId} state={groups} />
      <GuestList
        groups={groups.groups}
        eventId={eventId}
        eventName={eventName}
        plusOnesAllowed={plusOnesAllowed}
        questions={questions}
        exportGate={
          !isCreator || error
            ? 'ask'
            : loading
              ? 'loading'
              : subscription?.features.exportDataEnabled
                ? 'allowed'
                : 'upgrade'
        }
        onUpgrade={() => setUpgrading(true)}
      />
      <UpgradeDialog
        open={upgrading}
        onClose={() => setUpgrading(false)}
        tier={subscription?.tier ?? null}
        limits={null}
        feature="Exporting the guest list"
      />
    </Stack>
  );
}
