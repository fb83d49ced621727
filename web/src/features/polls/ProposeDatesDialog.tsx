import { Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { PollTarget } from '@gatherly/domain/entities/polls';
import { MAX_POLL_OPTIONS, MAX_POLL_TITLE } from '@gatherly/domain/polls';
import { Field } from '../../components/chakra/Field.ts';
import { Input } from '../../components/chakra/Input.ts';
import { Switch } from '../../components/chakra/Switch.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { zoneLabel } from '../../components/ZonedTime.tsx';
import { describeError } from '../../lib/errors.ts';
import { requireConnection } from '../../lib/offline/offline-toast.ts';
import { showToast } from '../../lib/toast-store.ts';
import { createPoll } from './data.ts';
import { AddDateButton, AnswersCloseField, DateRowFields, FormProblem } from './PollDateFields.tsx';
import {
  canRemoveRow,
  emptyRows,
  pollFormRequest,
  type DateRow,
  type PollFormResult,
} from './poll-form.ts';

export interface ProposeDatesProps {
  eventId: string;
  target: PollTarget;
  /** What is being decided: the event's or the item's name (the dialog's subtitle). */
  subject: string;
  timeZone: string;
  onClose(): void;
}

/**
 * The admins' form for a new date poll (docs/product.md, "Date polls"): 2–20 dates — whole days
 * (a range for a weekend) or times of day — typed in the event's zone, an optional question and
 * deadline. Checked with the server's rules before sending (poll-form.ts). Loaded when opened.
 */
export default function ProposeDatesDialog({
  eventId,
  target,
  subject,
  timeZone,
  onClose,
}: ProposeDatesProps) {
  // Mounted closed, then opened (docs/web.md, "Chakra gotcha").
  const [open, setOpen] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the closed-then-open commit is the point (docs/web.md, "Chakra gotcha")
  useEffect(() => setOpen(true), []);
  const [withTimes, setWithTimes] = useState(false);
  const [title, setTitle] = useState('');
  const [deadline, setDeadline] = useState('');
  const [rows, setRows] = useState<DateRow[]>(emptyRows);
  const [problem, setProblem] = useState<Extract<PollFormResult, { ok: false }> | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The abbreviation in force on the first date typed (PDT in June, PST in December).
  const first = rows.find((r) => r.start !== '')?.start ?? '';
  const zone = zoneLabel(timeZone, withTimes || first === '' ? first : `${first}T12:00`);

  async function submit(e?: FormEvent<HTMLFormElement>) {
    e?.preventDefault();
    const result = pollFormRequest({ rows, withTimes, deadline }, timeZone);
    if (!result.ok) {
      setProblem(result);
      return;
    }
    setProblem(null);
    if (!requireConnection('Proposing dates')) return;
    setSubmitting(true);
    try {
      await createPoll(eventId, {
        scheduleId: target.kind === 'schedule' ? target.scheduleId : null,
        title: title.trim(),
        options: result.options,
        deadline: result.deadline,
      });
      showToast({
        title: 'Dates proposed',
        description: 'Members can now say which dates work for them.',
        status: 'success',
      });
      setOpen(false);
      onClose();
    } catch (err) {
      setProblem({
        ok: false,
        message: describeError(err, 'The dates could not be proposed. Please try again.'),
        row: null,
      });
    } finally {
      setSubmitting(false);
    }
  }

  const update = (key: number, patch: Partial<DateRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const removable = canRemoveRow(rows);

  return (
    <FormDialog
      open={open}
      title="Propose dates"
      submitLabel="Start the poll"
      submittingLabel="Starting..."
      submitting={submitting}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      scrollInside
      fullScreenOnPhone
    >
      <Text color="fg.muted" fontSize="sm">
        {`For ${subject}. Members answer each date Yes, If need be or No. Dates are in the event's time zone: ${zone}.`}
      </Text>
      <Field.Root>
        <Field.Label>Question (optional)</Field.Label>
        <Input
          name="title"
          value={title}
          maxLength={MAX_POLL_TITLE}
          placeholder="Which weekend works?"
          onChange={(e) => setTitle(e.target.value)}
        />
      </Field.Root>
      <Switch.Root
        checked={withTimes}
        onCheckedChange={(e) => {
          setWithTimes(e.checked);
          // A day and a date-time are different inputs: start the dates again.
          setRows((all) => all.map((r) => ({ ...r, start: '', end: '' })));
          setProblem(null);
        }}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Times of day</Switch.Label>
      </Switch.Root>
      <Stack gap="3" data-testid="poll-date-rows">
        {rows.map((r, i) => (
          <DateRowFields
            key={r.key}
            row={r}
            name={`Date ${i + 1}`}
            withTimes={withTimes}
            timeZone={timeZone}
            removable={removable}
            error={problem?.row === i ? problem.message : null}
            onChange={(patch) => update(r.key, patch)}
            onRemove={() => setRows((all) => all.filter((x) => x.key !== r.key))}
          />
        ))}
      </Stack>
      <AddDateButton full={rows.length >= MAX_POLL_OPTIONS} setRows={setRows} />
      <AnswersCloseField value={deadline} zone={zone} onChange={setDeadline} />
      {problem && problem.row === null && <FormProblem>{problem.message}</FormProblem>}
    </FormDialog>
  );
}
