import { Button, chakra, CloseButton, Portal, Stack } from '@chakra-ui/react';
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
  /** A long form: the body scrolls between a fixed header and footer. */
  scrollInside?: boolean;
  /** A form that wants room: the whole screen on phones, `md` wide from tablets on. */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}

/**
 * A dialog frame for forms: a title, the fields, Cancel and a submit button that shows progress.
 * While it submits nothing closes it (Cancel, the close button, Escape and the backdrop wait).
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  submittingLabel,
  submitting,
  onClose,
  onSubmit,
  scrollInside = false,
  fullScreenOnPhone = false,
  children,
}: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && !submitting && onClose()}
      placement="center"
      {...(scrollInside ? { scrollBehavior: 'inside' } : {})}
      {...(fullScreenOnPhone ? { size: { base: 'full', md: 'md' } } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner {...(fullScreenOnPhone ? { px: { base: '0', md: '4' } } : {})}>
          <Dialog.Content {...(fullScreenOnPhone ? {} : { mx: '4' })}>
            <DialogForm onSubmit={onSubmit} scrollInside={scrollInside}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{children}</Stack>
              </Dialog.Body>
              <FormDialogFooter
                submitLabel={submitLabel}
                submittingLabel={submittingLabel}
                submitting={submitting}
                onCancel={onClose}
              />
            </DialogForm>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={submitting} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The form inside a dialog's content; with `scrollInside` a column, so the body scrolls between a
 * fixed header and footer (the dialog's `scrollBehavior="inside"`).
 */
export function DialogForm({
  onSubmit,
  scrollInside,
  children,
}: {
  onSubmit(e?: FormEvent<HTMLFormElement>): void;
  scrollInside: boolean;
  children: ReactNode;
}) {
  return (
    <chakra.form
      onSubmit={onSubmit}
      noValidate
      {...(scrollInside ? { display: 'flex', flexDirection: 'column', flex: '1', minH: '0' } : {})}
    >
      {children}
    </chakra.form>
  );
}

/**
 * A form dialog's footer: Cancel (disabled while submitting) and the submit button with its
 * progress text. For a dialog whose frame FormDialog cannot be (one that also shows a loading
 * state or a result in the same dialog).
 */
export function FormDialogFooter({
  submitLabel,
  submittingLabel,
  submitting,
  onCancel,
}: {
  submitLabel: string;
  submittingLabel: string;
  submitting: boolean;
  onCancel(): void;
}) {
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" colorPalette="brand" loading={submitting} loadingText={submittingLabel}>
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}
