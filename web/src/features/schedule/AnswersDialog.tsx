import { Alert, Text } from '@chakra-ui/react';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import type { GuestAnswers, GuestQuestion } from '@gatherly/domain/rsvp-options';
import { showToast } from '../../lib/toast-store.ts';
import { describeError } from '../../lib/errors.ts';
import { isNoConnection, requireConnection } from '../../lib/offline/offline-toast.ts';
import { saveMyAnswers } from './rsvp-data.ts';
import { GuestQuestionFields } from './GuestQuestionFields.tsx';
import {
  cleanAnswers,
  initialRsvpValues,
  validateRsvpForm,
  type RsvpFormValues,
} from './rsvp-form.ts';

const OFFLINE_ACTION = 'Saving your answers';

/**
 * The member edits their answers to the host's questions (PUT /api/events/{e}/answers). While
 * they are going or waiting for any item, required questions stay required (the server checks
 * the same). Loaded when first opened.
 */
export default function AnswersDialog({
  eventId,
  questions,
  answers,
  requireAll,
  onClose,
}: {
  eventId: string;
  questions: readonly GuestQuestion[];
  answers: GuestAnswers;
  requireAll: boolean;
  onClose(): void;
}) {
  // Loaded on demand, so it mounts closed and opens right after (docs/web.md, "Chakra gotcha").
  const [open, setOpen] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the closed-then-open commit is the point (docs/web.md, "Chakra gotcha")
  useEffect(() => setOpen(true), []);
  const [failure, setFailure] = useState<string | null>(null);
  const rules = { allowance: 0, questions, requireAll };
  const form = useFormik<RsvpFormValues>({
    initialValues: initialRsvpValues([], questions, answers),
    validate: (values) => validateRsvpForm(values, rules),
    validateOnBlur: false,
    onSubmit: async (values) => {
      setFailure(null);
      if (!requireConnection(OFFLINE_ACTION)) return;
      try {
        await saveMyAnswers(eventId, cleanAnswers(values, questions));
        showToast({ title: 'Answers saved', status: 'success' });
        onClose();
      } catch (err) {
        console.error('Saving the answers failed', err);
        if (isNoConnection(err) && !requireConnection(OFFLINE_ACTION)) return;
        setFailure(describeError(err, 'Your answers could not be saved. Please try again.'));
      }
    },
  });
  const errors = form.submitCount > 0 ? form.errors : {};
  const answerErrors =
    errors.answers && typeof errors.answers === 'object'
      ? (errors.answers as Record<string, string>)
      : undefined;
  return (
    <FormDialog
      open={open}
      title="Your answers"
      submitLabel="Save answers"
      submittingLabel="Saving..."
      submitting={form.isSubmitting}
      onClose={onClose}
      onSubmit={form.handleSubmit}
      scrollInside
    >
      <Text fontSize="sm" color="fg.muted">
        Only you and the event&apos;s hosts see your answers.
        {requireAll &&
          questions.some((q) => q.required) &&
          ' Questions marked * need an answer while you are going.'}
      </Text>
      <GuestQuestionFields
        questions={questions}
        values={form.values.answers}
        errors={answerErrors}
        disabled={form.isSubmitting}
        onChange={(id, value) => void form.setFieldValue(`answers.${id}`, value)}
      />
      {failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
    </FormDialog>
  );
}
