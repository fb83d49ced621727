import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { isoToDateTimeLocal } from '@gatherly/domain/dates';
import {
  MAX_POLL_OPTIONS,
  MAX_POLL_TITLE,
  formatPollOption,
  type RankedOption,
} from '@gatherly/domain/polls';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { zoneLabel } from '../../components/ZonedTime.tsx';
import { describeError } from '../../lib/errors.ts';
import { requireConnection } from '../../lib/offline/offline-toast.ts';
import { showToast } from '../../lib/toast-store.ts';
import type { PollDoc } from '../../lib/types.ts';
import { updatePoll } from './data.ts';
import { AddDateButton, AnswersCloseField, DateRowFields, FormProblem } from './PollDateFields.tsx';
import { pollEditRequest, type DateRow, type PollFormResult } from './poll-form.ts';

export interface EditPollProps {
  eventId: string;
  poll: PollDoc;
  /** The poll's dates with their counts (what removing one drops). */
  ranked: readonly RankedOption[];
  timeZone: string;
  onClose(): void;
}

/**
 * The admins' edit of an open poll (docs/product.md, "Date polls"): the question, the deadline,
 * more dates (up to 20, in the poll's kind) and removing dates. A proposed date never moves:
 * people answered what they saw (docs/decisions.md, "Date polls"); removing one drops its
 * answers, which the row says before saving.
 */
export default function EditPollDialog({
  eventId,
  poll,
  ranked,
  timeZone,
  onClose,
}: EditPollProps) {
  // Mounted closed, then opened (docs/web.md, "Chakra gotcha").
  const [open, setOpen] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the closed-then-open commit is the point (docs/web.md, "Chakra gotcha")
  useEffect(() => setOpen(true), []);
  const withTimes = !(poll.options[0]?.allDay ?? true);
  const [title, setTitle] = useState(poll.title);
  const [deadline, setDeadline] = useState(isoToDateTimeLocal(poll.deadline, timeZone));
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [rows, setRows] = useState<DateRow[]>([]);
  const [problem, setProblem] = useState<Extract<PollFormResult, { ok: false }> | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const kept = poll.options.filter((o) => !removed.has(o.id));
  const zone = zoneLabel(timeZone, isoToDateTimeLocal(poll.options[0]?.start, timeZone));
  const countsOf = (id: string) => ranked.find((r) => r.option.id === id)?.counts;

  async function submit(e?: FormEvent<HTMLFormElement>) {
    e?.preventDefault();
    const result = pollEditRequest({ kept, rows, withTimes, deadline }, timeZone);
    if (!result.ok) {
      setProblem(result);
      return;
    }
    setProblem(null);
    if (!requireConnection('Changing the poll')) return;
    setSubmitting(true);
    try {
      await updatePoll(eventId, poll.id, {
        title: title.trim(),
        options: result.options,
        deadline: result.deadline,
      });
      showToast({ title: 'Poll updated', status: 'success' });
      setOpen(false);
      onClose();
    } catch (err) {
      setProblem({
        ok: false,
        message: describeError(err, 'The poll could not be changed. Please try again.'),
        row: null,
      });
    } finally {
      setSubmitting(false);
    }
  }

  const update = (key: number, patch: Partial<DateRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const full = kept.length + rows.length >= MAX_POLL_OPTIONS;

  return (
    <FormDialog
      open={open}
      title="Edit poll"
      submitLabel="Save"
      submittingLabel="Saving..."
      submitting={submitting}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      scrollInside
      fullScreenOnPhone
    >
      <Text color="fg.muted" fontSize="sm">
        {`Dates are in the event's time zone: ${zone}. A proposed date cannot move: remove it and add the new one.`}
      </Text>
      <Field.Root>
        <Field.Label>Question (optional)</Field.Label>
        <Input
          name="title"
          value={title}
          maxLength={MAX_POLL_TITLE}
          onChange={(e) => setTitle(e.target.value)}
        />
      </Field.Root>
      <Stack gap="2" data-testid="poll-kept-dates">
        {poll.options.map((o) => {
          const gone = removed.has(o.id);
          const c = countsOf(o.id);
          const answered = c ? c.yes + c.ifNeedBe + c.no : 0;
          const label = formatPollOption(o, timeZone);
          return (
            <HStack
              key={o.id}
              justify="space-between"
              borderWidth="1px"
              borderRadius="l2"
              p="2"
              data-testid="poll-kept-date"
              data-removed={gone}
            >
              <Box>
                <Text fontSize="sm" textDecoration={gone ? 'line-through' : undefined}>
                  {label}
                </Text>
                {gone && answered > 0 && (
                  <Text fontSize="xs" color="fg.warning">
                    {`${answered} ${answered === 1 ? 'answer' : 'answers'} to this date will be dropped.`}
                  </Text>
                )}
              </Box>
              {gone ? (
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={`Keep ${label}`}
                  onClick={() => setRemoved((s) => new Set([...s].filter((id) => id !== o.id)))}
                >
                  Undo
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={`Remove ${label}`}
                  onClick={() => setRemoved((s) => new Set([...s, o.id]))}
                >
                  Remove
                </Button>
              )}
            </HStack>
          );
        })}
      </Stack>
      {rows.map((r, i) => (
        <DateRowFields
          key={r.key}
          row={r}
          name={`New date ${i + 1}`}
          isNew
          withTimes={withTimes}
          timeZone={timeZone}
          removable
          error={problem?.row === i ? problem.message : null}
          onChange={(patch) => update(r.key, patch)}
          onRemove={() => setRows((all) => all.filter((x) => x.key !== r.key))}
        />
      ))}
      <AddDateButton full={full} setRows={setRows} />
      {full && (
        <Text
          fontSize="sm"
          color="fg.muted"
        >{`A poll has at most ${MAX_POLL_OPTIONS} dates.`}</Text>
      )}
      <AnswersCloseField value={deadline} zone={zone} onChange={setDeadline} />
      {problem && problem.row === null && <FormProblem>{problem.message}</FormProblem>}
    </FormDialog>
  );
}
