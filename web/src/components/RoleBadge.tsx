import { Badge } from '@chakra-ui/react';
import { eventListRoleLabel, memberRoleLabel } from '@gatherly/domain/roles';
import type { MemberRole } from '../lib/types.ts';

const palettes: Record<MemberRole, string> = { creator: 'purple', admin: 'blue', attendee: 'gray' };

/**
 * Role label: event lists and the switcher say Creator / Admin / Member ('list'); member
 * screens say Creator / Admin / Attendee ('member').
 */
export function RoleBadge({
  role,
  context = 'list',
}: {
  role: MemberRole;
  context?: 'list' | 'member';
}) {
  return (
    <Badge colorPalette={palettes[role]} variant="subtle">
      {context === 'list' ? eventListRoleLabel(role) : memberRoleLabel(role)}
    </Badge>
  );
}
