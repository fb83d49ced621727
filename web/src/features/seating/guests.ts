// The guests to seat as the host filters them (docs/product.md, "Seating"): search by any
// name of a party, unassigned only, by an answer to one of the host's questions, and by guest
// group.
import { answerText } from '@gatherly/domain/guest-csv';
import type { GuestAnswers, GuestQuestion } from '@gatherly/domain/rsvp-options';
import type { PartyView } from '@gatherly/domain/seating';

/** An answer filter: a choice of a choice question, or "answered" for a text question. */
export interface AnswerFilter {
  questionId: string;
  /** null: any non-empty answer. */
  option: string | null;
}

export interface GuestFilters {
  search: string;
  unassignedOnly: boolean;
  answer: AnswerFilter | null;
  /** The members of the group filtered by (null: every party). */
  group: ReadonlySet<string> | null;
}

/** The answer filters the host's questions offer, each with its label. */
export function answerFilters(
  questions: readonly GuestQuestion[],
): Array<{ key: string; label: string; filter: AnswerFilter }> {
  return questions.flatMap((q): Array<{ key: string; label: string; filter: AnswerFilter }> =>
    q.kind === 'text'
      ? [
          {
            key: `${q.id}:`,
            label: `${q.label}: answered`,
            filter: { questionId: q.id, option: null },
          },
        ]
      : q.options.map((option) => ({
          key: `${q.id}:${option}`,
          label: `${q.label}: ${option}`,
          filter: { questionId: q.id, option },
        })),
  );
}

function matchesAnswer(answers: GuestAnswers | undefined, filter: AnswerFilter): boolean {
  const value = answers?.[filter.questionId];
  if (filter.option === null) return answerText(answers ?? {}, filter.questionId).trim() !== '';
  return Array.isArray(value) ? value.includes(filter.option) : value === filter.option;
}

export function filterParties(
  parties: readonly PartyView[],
  answers: Readonly<Partial<Record<string, GuestAnswers>>>,
  filters: GuestFilters,
): PartyView[] {
  const needle = filters.search.trim().toLocaleLowerCase();
  return parties.filter(
    (party) =>
      (!needle || party.people.some((p) => p.name.toLocaleLowerCase().includes(needle))) &&
      (!filters.unassignedOnly || party.people.some((p) => !p.tableId)) &&
      (!filters.answer || matchesAnswer(answers[party.userId], filters.answer)) &&
      (!filters.group || filters.group.has(party.userId)),
  );
}

/** A party's badges: each answered question, "Label: answer" (plus-ones answer nothing). */
export function answerBadges(
  questions: readonly GuestQuestion[],
  answers: GuestAnswers | undefined,
): string[] {
  if (!answers) return [];
  return questions
    .map((q) => ({ q, text: answerText(answers, q.id).trim() }))
    .filter(({ text }) => text !== '')
    .map(({ q, text }) => `${q.label}: ${text}`);
}
