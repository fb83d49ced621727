import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  MAX_QUESTIONS,
  RSVP_OPTION_MESSAGES,
  type GuestQuestion,
} from '@gatherly/domain/rsvp-options';
import { PlusIcon } from '../../components/icons.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { errorMessage } from '../../lib/api.ts';
import { saveGuestQuestions } from './data.ts';
import { QuestionFields } from './QuestionFields.tsx';
import {
  checkDrafts,
  draftsFrom,
  hasErrors,
  move,
  newDraft,
  NO_ERRORS,
  sameQuestions,
  SUGGESTED_QUESTIONS,
  toQuestions,
  type QuestionDraft,
} from './question-drafts.ts';

interface Props {
  eventId: string;
  /** The questions as stored (live). */
  stored: GuestQuestion[];
}

/**
 * The host's questions (docs/decisions.md, "Host questions in Settings"): edited as a list and
 * saved together with PUT /api/events/{e}/questions, checked first with the domain's schema.
 */
export function QuestionsEditor({ eventId, stored }: Props) {
  // The list the drafts started from: its ids stay reserved while editing (question-drafts.ts).
  const [base, setBase] = useState(stored);
  const [drafts, setDrafts] = useState(() => draftsFrom(stored));
  // Errors show after the first Save and then follow every change.
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const storedIds = base.map((q) => q.id);
  const dirty = !sameQuestions(toQuestions(drafts, storedIds), base);

  // Another admin's save arrives live: show it unless this editor holds unsaved changes.
  if (!sameQuestions(stored, base) && !dirty && !saving) {
    setBase(stored);
    setDrafts(draftsFrom(stored));
  }

  const errors = checked ? checkDrafts(drafts, storedIds) : NO_ERRORS;
  const edit = (next: QuestionDraft[]) => {
    setDrafts(next);
    setServerError(null);
  };
  const update = (index: number, draft: QuestionDraft) =>
    edit(drafts.map((d, i) => (i === index ? draft : d)));
  const full = drafts.length >= MAX_QUESTIONS;
  const suggestions = SUGGESTED_QUESTIONS.filter(
    (s) => !drafts.some((d) => d.label.trim().toLowerCase() === s.label.toLowerCase()),
  );

  const save = async () => {
    setChecked(true);
    if (hasErrors(checkDrafts(drafts, storedIds))) return;
    setSaving(true);
    setServerError(null);
    try {
      const saved = await saveGuestQuestions(eventId, toQuestions(drafts, storedIds));
      setBase(saved);
      setDrafts(draftsFrom(saved));
      setChecked(false);
      showToast({
        title: 'Questions Saved',
        description:
          saved.length === 0
            ? 'Guests are asked no questions.'
            : 'Guests are asked them when they first answer Going.',
        status: 'success',
      });
    } catch (err) {
      setServerError(errorMessage(err, 'Could not save the questions. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="4" data-testid="questions-editor">
      <Box>
        <Text fontWeight="medium">Questions for guests</Text>
        <Text color="fg.muted" textStyle="sm">
          Asked when a member first answers Going; they can change their answers later. Only the
          member and the event&apos;s admins see them.
        </Text>
      </Box>
      {drafts.length === 0 && (
        <Text color="fg.muted" textStyle="sm">
          No questions yet.
        </Text>
      )}
      {drafts.map((draft, i) => (
        <QuestionFields
          key={draft.key}
          index={i}
          count={drafts.length}
          draft={draft}
          errors={errors.byQuestion[i]}
          disabled={saving}
          onChange={(next) => update(i, next)}
          onMove={(to) => edit(move(drafts, i, to))}
          onRemove={() => edit(drafts.filter((_, j) => j !== i))}
        />
      ))}
      <Stack gap="2">
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            disabled={full || saving}
            onClick={() => edit([...drafts, newDraft()])}
          >
            <PlusIcon /> Add question
          </Button>
          {!full &&
            suggestions.map((s) => (
              <Button
                key={s.label}
                size="sm"
                variant="ghost"
                disabled={saving}
                onClick={() => edit([...drafts, newDraft(s)])}
              >
                <PlusIcon /> {s.label}
              </Button>
            ))}
        </HStack>
        {full && (
          <Text color="fg.muted" textStyle="sm">
            {RSVP_OPTION_MESSAGES.tooManyQuestions}.
          </Text>
        )}
      </Stack>
      <Stack gap="2">
        <HStack gap="2" wrap="wrap">
          <Button
            colorPalette="brand"
            size="sm"
            disabled={!dirty}
            loading={saving}
            loadingText="Saving..."
            onClick={() => void save()}
          >
            Save questions
          </Button>
          {dirty && !saving && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setDrafts(draftsFrom(base));
                setChecked(false);
                setServerError(null);
              }}
            >
              Discard changes
            </Button>
          )}
          {dirty && !saving && (
            <Text color="fg.muted" textStyle="sm">
              Unsaved changes
            </Text>
          )}
        </HStack>
        {(serverError ?? errors.list) && (
          <Text color="fg.error" textStyle="sm" role="alert">
            {serverError ?? errors.list}
          </Text>
        )}
        {!serverError && !errors.list && hasErrors(errors) && (
          <Text color="fg.error" textStyle="sm" role="alert">
            Please correct the questions marked above.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
