import { Box, Button, Clipboard, CloseButton, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../../components/chakra/Dialog.ts';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { FormDialogFooter } from '../../components/FormDialog.tsx';
import { useFormik } from 'formik';
import { useState } from 'react';
import { inviteFormSchema } from '@gatherly/domain/schemas';
import type { InvitableRole } from '@gatherly/domain/entities/members';
import { showToast } from '../../lib/toast-store.ts';
import { errorMessage } from '../../lib/api.ts';
import { inviteMember } from './data.ts';
import { GroupChecklist } from '../groups/GroupChecklist.tsx';
import type { GroupDoc } from '../../lib/types.ts';

interface Props {
  eventId: string;
  /** The event's guest groups: the invitation can carry some (they apply on accepting). */
  groups: readonly GroupDoc[];
  open: boolean;
  onClose(): void;
}

/**
 * Invite by e-mail and role, and into guest groups; on success the link is shown to copy (the
 * e-mail goes out too).
 */
export function InviteMemberDialog({ eventId, groups, open, onClose }: Props) {
  const [link, setLink] = useState<{ email: string; url: string | null } | null>(null);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const form = useFormik<{ userEmail: string; role: InvitableRole }>({
    initialValues: { userEmail: '', role: 'attendee' },
    validationSchema: inviteFormSchema,
    onSubmit: async (values) => {
      try {
        const email = values.userEmail.trim();
        // A group deleted while the dialog was open is dropped rather than refused.
        const chosen = groupIds.filter((id) => groups.some((g) => g.id === id));
        const url = await inviteMember(eventId, {
          userEmail: email,
          role: values.role,
          ...(chosen.length > 0 ? { groupIds: chosen } : {}),
        });
        showToast({
          title: 'Invitation Sent',
          description: `An invitation was sent to ${email}.`,
          status: 'success',
        });
        setLink({ email, url });
      } catch (err) {
        showToast({
          title: 'Error',
          description: errorMessage(err, 'Failed to send invitation. Please try again.'),
          status: 'error',
        });
      }
    },
  });
  const close = () => {
    form.resetForm();
    setLink(null);
    setGroupIds([]);
    onClose();
  };
  const emailError = form.touched.userEmail ? form.errors.userEmail : undefined;
  const roleError = form.touched.role ? form.errors.role : undefined;

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && close()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Invite Member</Dialog.Title>
            </Dialog.Header>
            {link ? (
              <>
                <Dialog.Body>
                  <Stack gap="3">
                    <Text>
                      An invitation e-mail is on its way to <strong>{link.email}</strong>.
                    </Text>
                    {link.url && (
                      <Box>
                        <Text fontSize="sm" color="fg.muted" mb="1">
                          You can also share this invitation link:
                        </Text>
                        <Clipboard.Root value={link.url}>
                          <HStack>
                            <Input
                              readOnly
                              value={link.url}
                              size="sm"
                              aria-label="Invitation link"
                            />
                            <Clipboard.Trigger asChild>
                              <Button size="sm" variant="outline">
                                <Clipboard.Indicator copied="Copied!">Copy</Clipboard.Indicator>
                              </Button>
                            </Clipboard.Trigger>
                          </HStack>
                        </Clipboard.Root>
                      </Box>
                    )}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button
                    variant="outline"
                    onClick={() => {
                      form.resetForm();
                      setLink(null);
                    }}
                  >
                    Invite Another
                  </Button>
                  <Button colorPalette="brand" onClick={close}>
                    Done
                  </Button>
                </Dialog.Footer>
              </>
            ) : (
              <form onSubmit={form.handleSubmit} noValidate>
                <Dialog.Body>
                  <Stack gap="4">
                    <Field.Root invalid={Boolean(emailError)}>
                      <Field.Label>Email Address</Field.Label>
                      <Input
                        name="userEmail"
                        type="email"
                        placeholder="friend@example.com"
                        value={form.values.userEmail}
                        onChange={form.handleChange}
                        onBlur={form.handleBlur}
                      />
                      {emailError && <Field.ErrorText>{emailError}</Field.ErrorText>}
                    </Field.Root>
                    <Field.Root invalid={Boolean(roleError)}>
                      <Field.Label>Role</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          name="role"
                          value={form.values.role}
                          onChange={form.handleChange}
                          onBlur={form.handleBlur}
                        >
                          <option value="attendee">Attendee</option>
                          <option value="admin">Admin</option>
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      {roleError && <Field.ErrorText>{roleError}</Field.ErrorText>}
                    </Field.Root>
                    <GroupChecklist
                      legend="Guest groups (optional)"
                      helper="They join these groups when they accept."
                      groups={groups}
                      chosen={groupIds}
                      disabled={form.isSubmitting}
                      onChange={setGroupIds}
                    />
                  </Stack>
                </Dialog.Body>
                <FormDialogFooter
                  submitLabel="Send Invitation"
                  submittingLabel="Sending..."
                  submitting={form.isSubmitting}
                  onCancel={close}
                />
              </form>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
