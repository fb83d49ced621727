import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { drawerRoleLabel } from '@gatherly/domain/roles';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { isAdminRole } from '@gatherly/domain/roles';
import { useSelectedEvent } from '../../lib/event-scope.tsx';
import { useEventStats } from '../../lib/use-event-stats.ts';
import { eventHref, PATHS } from '../../lib/paths.ts';
import { isActive, navItemsFor } from './nav-items.ts';

export function memberCountText(count: number): string {
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}

/**
 * The event's stored member count, live (members join while the drawer is open); the events
 * list's count until the stats document is read.
 */
function MemberCount({ eventId, listed }: { eventId: string; listed: number | null }) {
  const count = useEventStats(eventId, 'members').members?.total ?? listed;
  return count !== null ? <>{` · ${memberCountText(count)}`}</> : null;
}

/** Drawer contents: the current event, its areas, View All Events (docs/product.md, "Events list"). */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const selected = useSelectedEvent();
  const { pathname } = useLocation();

  return (
    <Flex direction="column" h="full" gap="4" p="4">
      {selected ? (
        <>
          <Flex align="center" gap="3">
            <UserAvatar
              name={selected.event.name}
              photoURL={selected.event.customLogo}
              size="lg"
              shape="rounded"
            />
            <Box minW="0">
              <Text fontWeight="semibold" truncate>
                {selected.event.name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {drawerRoleLabel(selected.role)}
                <MemberCount eventId={selected.eventId} listed={selected.memberCount} />
              </Text>
            </Box>
          </Flex>
          <Stack as="nav" aria-label="Event navigation" gap="1">
            {navItemsFor(isAdminRole(selected.role)).map((item) => {
              const active = isActive(pathname, selected.eventId, item.area);
              return (
                <Button
                  key={item.label}
                  asChild
                  variant={active ? 'subtle' : 'ghost'}
                  colorPalette={active ? 'brand' : 'gray'}
                  justifyContent="flex-start"
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <RouterLink to={eventHref(selected.eventId, item.area)}>
                    <item.icon />
                    {item.label}
                  </RouterLink>
                </Button>
              );
            })}
          </Stack>
        </>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          Select an event to see navigation options.
        </Text>
      )}
      <Box mt="auto">
        <Button asChild variant="outline" width="full" onClick={onNavigate}>
          <RouterLink to={PATHS.home}>View All Events</RouterLink>
        </Button>
      </Box>
    </Flex>
  );
}
