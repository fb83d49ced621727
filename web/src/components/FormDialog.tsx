import { Button, CloseButton, Portal, Stack } from '@chakra-ui/react';
import { Dialog } from './chakra/Dialog.ts';
import type { FormEvent, ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  submitLabel: string;
  submittingLabel: string;
  submitting: boolean;
  onClose(): void;
  onSubmit(e?: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}

/** A dialog frame for short forms: a form with Cancel and a submit button that shows progress. */
export function FormDialog({
  open,
  title,
  submitLabel,
  submittingLabel,
  submitting,
  onClose,
  onSubmit,
  children,
}: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{children}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={submitting}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={submitting}
                  loadingText={submittingLabel}
                >
                  {submitLabel}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
