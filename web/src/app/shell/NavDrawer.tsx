import { CloseButton, Portal } from '@chakra-ui/react';
import { Drawer } from '../../components/chakra/Drawer.ts';
import { SideNav } from './SideNav.tsx';

/** The phones' navigation drawer, loaded when first opened (AppShell.tsx). */
export default function NavDrawer({
  title,
  open,
  onClose,
}: {
  title: string;
  open: boolean;
  onClose(): void;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="72">
            <Drawer.Header borderBottomWidth="1px">
              <Drawer.Title>{title}</Drawer.Title>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close menu" />
              </Drawer.CloseTrigger>
            </Drawer.Header>
            <Drawer.Body p="0">
              <SideNav onNavigate={onClose} />
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
