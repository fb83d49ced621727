import { Box, Portal, Text } from '@chakra-ui/react';
import { Menu } from '../../components/chakra/Menu.ts';
import { useNavigate } from 'react-router-dom';
import { LogOutIcon, MoonIcon, SunIcon, UsersIcon } from '../../components/icons.tsx';
import type { MenuViewProps } from '../../components/DeferredMenu.tsx';
import { useColorMode } from '../../lib/color-mode.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

/** The avatar menu itself, loaded on first use (ProfileMenu.tsx). */
export default function ProfileMenuView({ trigger, defaultOpen }: MenuViewProps) {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const { colorMode, toggleColorMode } = useColorMode();
  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'profile') void navigate(PATHS.profile);
        if (value === 'theme') toggleColorMode();
        if (value === 'sign-out') void signOut();
      }}
    >
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60">
            <Box px="2" py="1.5">
              <Text fontWeight="semibold" truncate>
                {user?.displayName}
              </Text>
              <Text fontSize="sm" color="fg.muted" truncate>
                {user?.email}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.Item value="profile">
              <UsersIcon />
              Profile & e-mail
            </Menu.Item>
            <Menu.Item value="theme">
              {colorMode === 'dark' ? <SunIcon /> : <MoonIcon />}
              {colorMode === 'dark' ? 'Light mode' : 'Dark mode'}
            </Menu.Item>
            <Menu.Item value="sign-out">
              <LogOutIcon />
              Sign Out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
