import { Box, Portal, Text } from '@chakra-ui/react';
import { Menu } from '../../components/chakra/Menu.ts';
import { eventListRoleLabel } from '@gatherly/domain/roles';
import { useNavigate } from 'react-router-dom';
import type { MenuViewProps } from '../../components/DeferredMenu.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useMyEvents, useSelectedEvent } from '../../lib/event-scope.tsx';
import { eventHref, PATHS } from '../../lib/paths.ts';

/** The event switcher's menu, loaded on first use (EventSwitcher.tsx). */
export default function EventSwitcherView({ trigger, defaultOpen }: MenuViewProps) {
  const { events } = useMyEvents();
  const eventId = useSelectedEvent()?.eventId ?? null;
  const navigate = useNavigate();
  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        // navigate() never rejects (docs/web.md, "Promises and effects").
        if (value === '__all') {
          void navigate(PATHS.home);
          return;
        }
        // Opening the event's route selects it (lib/event-scope-provider.tsx).
        void navigate(eventHref(value));
      }}
    >
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="64">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Your Events</Menu.ItemGroupLabel>
              {events.map((item) => (
                <Menu.Item
                  key={item.id}
                  value={item.id}
                  aria-current={item.id === eventId ? 'true' : undefined}
                >
                  <UserAvatar name={item.event.name} photoURL={item.event.customLogo} size="2xs" />
                  <Box flex="1" minW="0">
                    <Text truncate fontWeight={item.id === eventId ? 'semibold' : 'normal'}>
                      {item.event.name}
                    </Text>
                  </Box>
                  <Text fontSize="xs" color="fg.muted">
                    {eventListRoleLabel(item.role)}
                  </Text>
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="__all">View All Events</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
