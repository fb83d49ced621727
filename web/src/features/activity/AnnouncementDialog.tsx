import { Alert, HStack, Text } from '@chakra-ui/react';
import { Field } from '../../components/chakra/Field.ts';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { Textarea } from '../../components/chakra/Textarea.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { ANNOUNCEMENT_MAX_LENGTH } from '@gatherly/domain/email/announcements';
import { formatZonedStart } from '@gatherly/domain/dates';
import { showToast } from '../../lib/toast-store.ts';
import { describeError } from '../../lib/errors.ts';
import { isNoConnection, requireConnection } from '../../lib/offline/offline-toast.ts';
import { useGroups } from '../groups/data.ts';
import { GroupChecklist } from '../groups/GroupChecklist.tsx';
import {
  answerChoices,
  EVERYONE,
  GROUPS,
  sendAnnouncement,
  sentDescription,
  useScheduleChoices,
  validateAnnouncement,
  type AnnouncementFormValues,
} from './announcements.ts';

interface Props {
  eventId: string;
  /** The event's zone: items are named with their time in it. */
  timeZone: string;
  onClose(): void;
}

const OFFLINE_ACTION = 'Sending an announcement';

/**
 * The hosts' message to every member, to the members of some guest groups or to those with one
 * answer for a schedule item (docs/api.md, "Announcements"). Loaded when an admin opens it
 * (docs/performance.md).
 */
export default function AnnouncementDialog({ eventId, timeZone, onClose }: Props) {
  const schedule = useScheduleChoices(eventId);
  // Only admins open the composer, and only admins read the groups.
  const groups = useGroups(eventId, true);
  // Loaded on demand, so it mounts closed and opens right after (docs/web.md, "Chakra gotcha").
  const [open, setOpen] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the closed-then-open commit is the point (docs/web.md, "Chakra gotcha")
  useEffect(() => setOpen(true), []);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFormik<AnnouncementFormValues>({
    initialValues: { message: '', audience: EVERYONE, groupIds: [] },
    validate: validateAnnouncement,
    onSubmit: async (values) => {
      setFailure(null);
      if (!requireConnection(OFFLINE_ACTION)) return;
      try {
        const announcement = await sendAnnouncement(eventId, values);
        showToast({
          title: 'Announcement Sent',
          description: sentDescription(announcement),
          status: 'success',
        });
        onClose();
      } catch (err) {
        console.error('Sending the announcement failed', err);
        // Lost on the way: the same "needs a connection" toast as before sending.
        if (isNoConnection(err) && !requireConnection(OFFLINE_ACTION)) return;
        setFailure(describeError(err, 'The announcement could not be sent. Please try again.'));
      }
    },
  });
  const messageError = form.touched.message ? form.errors.message : undefined;
  const audienceError = form.touched.audience ? form.errors.audience : undefined;
  // Only once sending was tried: shown when the picker loses focus to a checkbox, it would move
  // the checkbox under the pointer between press and release, and the first tick would be lost.
  const groupsError = form.submitCount > 0 ? form.errors.groupIds : undefined;
  const length = form.values.message.trim().length;

  return (
    <FormDialog
      open={open}
      title="Send Announcement"
      submitLabel="Send Announcement"
      submittingLabel="Sending..."
      submitting={form.isSubmitting}
      onClose={onClose}
      onSubmit={form.handleSubmit}
      fullScreenOnPhone
    >
      <Text color="fg.muted" fontSize="sm">
        It appears in the event&apos;s activity feed and is e-mailed to the members you choose
        (except those who turned announcements off).
      </Text>
      <Field.Root invalid={Boolean(audienceError)}>
        <Field.Label>Send to</Field.Label>
        <NativeSelect.Root disabled={schedule.loading || groups.loading}>
          <NativeSelect.Field
            name="audience"
            value={form.values.audience}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
          >
            <option value={EVERYONE}>Everyone</option>
            {groups.groups.length > 0 && <option value={GROUPS}>Guest groups…</option>}
            {schedule.items.map((item) => (
              <optgroup
                key={item.id}
                label={`${item.title} · ${formatZonedStart(item.startTime, item.endTime, timeZone)}`}
              >
                {answerChoices(item).map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {audienceError ? (
          <Field.ErrorText>{audienceError}</Field.ErrorText>
        ) : (
          <Field.HelperText>
            {schedule.items.length > 0
              ? 'Everyone, the members of guest groups, or the members with one answer for a schedule item.'
              : 'Add schedule items to write to the members going to one of them.'}
          </Field.HelperText>
        )}
      </Field.Root>
      {form.values.audience === GROUPS && (
        <GroupChecklist
          legend="Guest groups"
          helper="Only their members get it by e-mail and see it in the activity feed (the hosts too)."
          groups={groups.groups}
          chosen={form.values.groupIds ?? []}
          error={groupsError}
          onChange={(next) => void form.setFieldValue('groupIds', next)}
        />
      )}
      <Field.Root invalid={Boolean(messageError)}>
        <Field.Label>Message</Field.Label>
        <Textarea
          name="message"
          rows={6}
          autoresize
          maxH="60vh"
          placeholder="The shuttle leaves the hotel at 5:30 PM sharp."
          value={form.values.message}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
        />
        <HStack justify="space-between" w="full" align="start">
          {messageError ? <Field.ErrorText>{messageError}</Field.ErrorText> : <span />}
          <Text
            fontSize="xs"
            color={length > ANNOUNCEMENT_MAX_LENGTH ? 'fg.error' : 'fg.muted'}
            flexShrink={0}
            data-testid="message-length"
          >
            {length} / {ANNOUNCEMENT_MAX_LENGTH}
          </Text>
        </HStack>
      </Field.Root>
      {failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{failure}</Alert.Description>
        </Alert.Root>
      )}
    </FormDialog>
  );
}
