import { Portal } from '@chakra-ui/react';
import { Menu } from '../../components/chakra/Menu.ts';
import type { MenuViewProps } from '../../components/DeferredMenu.tsx';
import { rsvpLabel, RSVP_STATUSES, type RsvpStatus } from '@gatherly/domain/rsvp-options';

export interface RsvpMenuProps {
  /** "Edit party" is offered (a Going or waitlisted member who may bring guests or has some). */
  canEditParty: boolean;
  onChoose(status: RsvpStatus): void;
  onEditParty(): void;
}

/** A schedule item's RSVP choices, loaded on first use (SchedulePanel.tsx). */
export default function RsvpMenuView({
  trigger,
  defaultOpen,
  canEditParty,
  onChoose,
  onEditParty,
}: RsvpMenuProps & MenuViewProps) {
  return (
    <Menu.Root defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {RSVP_STATUSES.map((s) => (
              <Menu.Item key={s} value={s} onClick={() => onChoose(s)}>
                {rsvpLabel(s)}
              </Menu.Item>
            ))}
            {canEditParty && (
              <>
                <Menu.Separator />
                <Menu.Item value="party" onClick={onEditParty}>
                  Edit party
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
