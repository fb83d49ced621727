import { Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Skeleton } from '../../components/chakra/Skeleton.ts';
import { Input } from '../../components/chakra/Input.ts';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { Separator } from '../../components/chakra/Separator.ts';
import { formatDateTime } from '@gatherly/domain/dates';
import type { InvitableRole } from '@gatherly/domain/entities/members';
import { canChangeRole, memberRoleLabel } from '@gatherly/domain/roles';
import { RoleBadge } from '../../components/RoleBadge.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useEffect, useRef, useState } from 'react';
import type { MemberDoc } from '../../lib/types.ts';
import { useMemberPages, useRoleChanges } from './data.ts';
import { ChangeRoleDialog } from './MemberDialogs.tsx';
import { useMemberActions } from './use-member-actions.ts';

/** How many past role changes the card lists. */
const HISTORY_SIZE = 20;
/** Members per "Show more" (docs/performance.md, "Settings"). */
const ROLE_PAGE_SIZE = 10;

/**
 * The creator's Role Management card (settings): change roles and see who changed what. It sits
 * below the other settings cards, so it reads nothing until it scrolls into view.
 */
export function RoleManagementCard({ eventId, uid }: { eventId: string; uid: string }) {
  const root = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, jsdom) the card loads at once.
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = root.current;
    if (!el || inView) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setInView(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [inView]);

  return (
    <Card.Root ref={root}>
      <Card.Header>
        <Heading size="lg">Role Management</Heading>
        <Text color="fg.muted" fontSize="sm">
          Promote attendees to admins or change admins back to attendees. The creator&apos;s role
          cannot be changed.
        </Text>
      </Card.Header>
      <Card.Body>
        {inView ? <RoleManagement eventId={eventId} uid={uid} /> : <RowSkeletons />}
      </Card.Body>
    </Card.Root>
  );
}

function RowSkeletons() {
  return (
    <Stack gap="2">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height="10" />
      ))}
    </Stack>
  );
}

function RoleManagement({ eventId, uid }: { eventId: string; uid: string }) {
  const [search, setSearch] = useState('');
  const pages = useMemberPages(eventId, search, ROLE_PAGE_SIZE, { loadOnScroll: false });
  const { items: members, setVisibleRange } = pages;
  // Every loaded member is on screen: keep their pages live.
  useEffect(
    () => setVisibleRange(0, Math.max(members.length - 1, 0)),
    [members.length, setVisibleRange],
  );
  const actions = useMemberActions(eventId);
  const changes = useRoleChanges(eventId, HISTORY_SIZE);
  // Names stored with the change; older entries look the person up among the loaded members.
  const nameOf = (stored: string | null, userId: string) => {
    if (stored) return stored;
    const m = members.find((x: MemberDoc) => x.userId === userId);
    return m ? m.user.displayName || m.user.email : 'A member';
  };

  return (
    <>
      <Input
        placeholder="Search members..."
        aria-label="Search members by name or e-mail"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        size="sm"
        mb="3"
      />
      {pages.loading ? (
        <RowSkeletons />
      ) : members.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No members found.
        </Text>
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
          {pages.hasMore && (
            <Button
              size="sm"
              variant="outline"
              alignSelf="center"
              loading={pages.loadingMore}
              onClick={pages.loadMore}
            >
              Show more
            </Button>
          )}
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
              <strong>{nameOf(c.changedUserName, c.changedUserId)}</strong>:{' '}
              {memberRoleLabel(c.oldRole)} → {memberRoleLabel(c.newRole)}
              <Text as="span" color="fg.muted">
                {' '}
                · by {nameOf(c.changedByName, c.changedByUserId)}
                {c.changedAt ? `, ${formatDateTime(c.changedAt)}` : ''}
              </Text>
            </Text>
          ))}
        </Stack>
      )}
      <ChangeRoleDialog
        change={actions.roleChange}
        pending={actions.pending}
        onConfirm={actions.confirmRoleChange}
        onClose={actions.cancelRoleChange}
      />
    </>
  );
}
