import { Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import type { InvitableRole } from '@gatherly/domain/entities/members';
import { formatJoined } from '@gatherly/domain/dates';
import { RoleBadge } from '../../components/RoleBadge.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import type { MemberDoc } from '../../lib/types.ts';

/** "Joined Jun 5, 2027"; nothing while the server timestamp is still pending. */
export function joinedLabel(member: MemberDoc): string | null {
  return member.joinedAt ? formatJoined(member.joinedAt) : null;
}

interface Props {
  member: MemberDoc;
  canRemove: boolean;
  canChangeRole: boolean;
  onRemove(member: MemberDoc): void;
  onChangeRole(member: MemberDoc, role: InvitableRole): void;
}

export function MemberCard({ member, canRemove, canChangeRole, onRemove, onChangeRole }: Props) {
  const name = member.user.displayName || member.user.email;
  const joined = joinedLabel(member);
  return (
    <Card.Root size="sm" data-testid="member-card">
      <Card.Body>
        <Stack
          direction={{ base: 'column', sm: 'row' }}
          gap="3"
          align={{ base: 'stretch', sm: 'center' }}
        >
          <HStack gap="3" flex="1" minW="0">
            <UserAvatar name={name} photoURL={member.user.photoURL} size="md" />
            <Box flex="1" minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold" truncate>
                  {name}
                </Text>
                <RoleBadge role={member.role} context="member" />
              </HStack>
              <Text fontSize="sm" color="fg.muted" truncate>
                {member.user.email}
              </Text>
              {joined && (
                <Text fontSize="xs" color="fg.muted">
                  {joined}
                </Text>
              )}
            </Box>
          </HStack>
          {(canRemove || (canChangeRole && member.role !== 'creator')) && (
            <Stack direction="row" gap="2" flexShrink={0} justify="flex-end">
              {canChangeRole && member.role !== 'creator' && (
                <NativeSelect.Root size="sm" width="auto">
                  <NativeSelect.Field
                    aria-label={`Role of ${name}`}
                    value={member.role}
                    onChange={(e) => {
                      const role = e.currentTarget.value as InvitableRole;
                      if (role !== member.role) onChangeRole(member, role);
                    }}
                  >
                    <option value="attendee">Attendee</option>
                    <option value="admin">Admin</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
              {canRemove && (
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => onRemove(member)}
                  aria-label={`Remove ${name}`}
                >
                  Remove
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
