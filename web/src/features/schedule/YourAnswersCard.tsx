import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import type { GuestAnswers, GuestQuestion } from '@gatherly/domain/rsvp-options';
import { PanelCard } from '../../components/PanelCard.tsx';

// The form and its schemas load when the member edits (docs/performance.md).
const AnswersDialog = lazy(() => import('./AnswersDialog.tsx'));

/** An answer as read back: the text, the choice, the choices; "No answer" when left empty. */
function answerText(value: GuestAnswers[string]): string {
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'No answer';
  return value ? value : 'No answer';
}

/**
 * "Your answers" (docs/product.md, "Plus-ones, questions and waitlists"): a member who answered
 * the host's questions reads them back and edits them. Private to the member and the hosts.
 */
export function YourAnswersCard({
  eventId,
  questions,
  answers,
  attending,
}: {
  eventId: string;
  questions: readonly GuestQuestion[];
  answers: GuestAnswers;
  /** Going or waitlisted somewhere: required questions stay required. */
  attending: boolean;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <PanelCard
      title="Your answers"
      actions={
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          Edit answers
        </Button>
      }
    >
      {editing && (
        <Suspense fallback={null}>
          <AnswersDialog
            eventId={eventId}
            questions={questions}
            answers={answers}
            requireAll={attending}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
      <Text fontSize="sm" color="fg.muted" mb="3">
        Your answers to the host&apos;s questions. Only you and the event&apos;s hosts see them.
      </Text>
      <Stack as="dl" gap="3" data-testid="your-answers">
        {questions.map((q) => (
          <Box key={q.id}>
            <Text as="dt" fontWeight="medium">
              {q.label}
            </Text>
            <Text as="dd" color={Object.hasOwn(answers, q.id) ? undefined : 'fg.muted'}>
              {answerText(Object.hasOwn(answers, q.id) ? answers[q.id] : undefined)}
            </Text>
          </Box>
        ))}
      </Stack>
    </PanelCard>
  );
}
