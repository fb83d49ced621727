import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { drawerRoleLabel } from '@gatherly/domain/roles';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useCurrentEvent, useMyEvents } from '../../lib/current-event.tsx';
import { isActive, navItemsFor } from './nav-items.ts';

export function memberCountText(count: number): string {
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}

/** Drawer contents: the current event, its areas, View All Events (spec §2 app shell). */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { eventId, event, role, isAdmin } = useCurrentEvent();
  const { events } = useMyEvents();
  const { pathname } = useLocation();
  const memberCount = events.find((e) => e.id === eventId)?.memberCount ?? null;

  return (
    <Flex direction="column" h="full" gap="4" p="4">
      {event && eventId ? (
        <>
          <Flex align="center" gap="3">
            <UserAvatar name={event.name} photoURL={event.customLogo} size="lg" shape="rounded" />
            <Box minW="0">
              <Text fontWeight="semibold" truncate>
                {event.name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {drawerRoleLabel(role)}
                {memberCount !== null ? ` · ${memberCountText(memberCount)}` : ''}
              </Text>
            </Box>
          </Flex>
          <Stack as="nav" aria-label="Event navigation" gap="1">
            {navItemsFor(isAdmin).map((item) => {
              const active = isActive(pathname, eventId, item.suffix);
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
                  <RouterLink to={`/events/${eventId}${item.suffix}`}>
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
          <RouterLink to="/">View All Events</RouterLink>
        </Button>
      </Box>
    </Flex>
  );
}
