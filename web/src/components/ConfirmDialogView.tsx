import { Button, Portal } from '@chakra-ui/react';
import { Dialog } from './chakra/Dialog.ts';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  destructive?: boolean;
  onConfirm(): void;
  onClose(): void;
  /** Where focus goes on closing, when what opened the dialog may be gone by then. */
  finalFocusEl?(): HTMLElement | null;
}

/** The dialog itself, loaded on first use (ConfirmDialog.tsx). */
export default function ConfirmDialogView({
  open,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  pending = false,
  destructive = false,
  onConfirm,
  onClose,
  finalFocusEl,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      finalFocusEl={finalFocusEl}
      onOpenChange={(e) => {
        if (!e.open && !pending) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description as="div">{description}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={pending}>
                {cancelLabel}
              </Button>
              <Button
                colorPalette={destructive ? 'red' : 'brand'}
                onClick={onConfirm}
                disabled={pending}
              >
                {pending && pendingLabel ? pendingLabel : confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
