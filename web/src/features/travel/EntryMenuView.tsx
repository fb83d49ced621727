import { Portal } from '@chakra-ui/react';
import { Menu } from '../../components/chakra/Menu.ts';
import type { MenuViewProps } from '../../components/DeferredMenu.tsx';

export interface EntryMenuProps {
  onEdit(): void;
  onDelete(): void;
}

/** A flight's or carpool's Edit / Delete menu, loaded on first use (TravelActions.tsx). */
export default function EntryMenuView({
  trigger,
  defaultOpen,
  onEdit,
  onDelete,
}: EntryMenuProps & MenuViewProps) {
  return (
    <Menu.Root defaultOpen={defaultOpen} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="edit" onClick={onEdit}>
              Edit
            </Menu.Item>
            <Menu.Item value="delete" color="fg.error" onClick={onDelete}>
              Delete
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
