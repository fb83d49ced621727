// The host's questions as the Settings editor holds them (docs/decisions.md, "Host questions in
// Settings"): drafts with stable keys, turned into the PUT /api/events/{e}/questions body and
// checked with the domain's own schema, so the form shows the same sentences the server would.
import { ValidationError } from 'yup';
import {
  MAX_QUESTION_OPTIONS,
  type GuestQuestion,
  type GuestQuestionKind,
} from '@gatherly/domain/rsvp-options';
import { guestQuestionsSchema } from '@gatherly/domain/schemas';

export interface QuestionDraft {
  /** React key: the stored id, or a local one for a question not saved yet. */
  key: string;
  /** The stored id (kept when the label changes, answers are keyed by it); null when new. */
  id: string | null;
  label: string;
  kind: GuestQuestionKind;
  /** As typed, blanks included; kept while the kind is short text so switching back restores. */
  options: string[];
  required: boolean;
}

export const KIND_LABELS: Readonly<Record<GuestQuestionKind, string>> = {
  text: 'Short text',
  single: 'One choice',
  multi: 'Several choices',
};

/** Quick-adds for the questions hosts ask most (the examples). */
export const SUGGESTED_QUESTIONS: readonly Omit<GuestQuestion, 'id'>[] = [
  {
    label: 'Dietary needs',
    kind: 'multi',
    options: ['Vegetarian', 'Vegan', 'Gluten-free', 'Dairy-free', 'Nut allergy'],
    required: false,
  },
  { label: 'Accessibility needs', kind: 'text', options: [], required: false },
  { label: 'Song request', kind: 'text', options: [], required: false },
];

const MAX_ID = 40;

export function draftsFrom(questions: readonly GuestQuestion[]): QuestionDraft[] {
  return questions.map((q) => ({
    key: q.id,
    id: q.id,
    label: q.label,
    kind: q.kind,
    options: q.kind === 'text' ? [] : [...q.options],
    required: q.required,
  }));
}

let nextKey = 0;

export function newDraft(from?: Omit<GuestQuestion, 'id'>): QuestionDraft {
  nextKey += 1;
  return {
    key: `new-${nextKey}`,
    id: null,
    label: from?.label ?? '',
    kind: from?.kind ?? 'text',
    options: from ? [...from.options] : [],
    required: from?.required ?? false,
  };
}

/** A kind change: a choice question starts with two empty options to fill in. */
export function withKind(draft: QuestionDraft, kind: GuestQuestionKind): QuestionDraft {
  const options =
    kind !== 'text' && draft.options.filter((o) => o.trim()).length === 0
      ? ['', '']
      : draft.options;
  return { ...draft, kind, options };
}

export function canAddOption(draft: QuestionDraft): boolean {
  return draft.options.length < MAX_QUESTION_OPTIONS;
}

/** "Dietary needs" → "dietary-needs": lower-case letters, digits and dashes, at most 40. */
export function slugOf(label: string): string {
  const slug = label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_ID)
    .replace(/-+$/, '');
  return slug || 'question';
}

/**
 * Ids for the drafts: stored ones kept; a new question's derived from its label, made unique
 * against every id kept and every id stored when editing began (a removed question's answers
 * never attach to a new question that happens to share its label) with "-2", "-3", ...
 */
export function assignIds(
  drafts: readonly QuestionDraft[],
  storedIds: readonly string[],
): string[] {
  const taken = new Set<string>([...storedIds, ...drafts.flatMap((d) => (d.id ? [d.id] : []))]);
  return drafts.map((d) => {
    if (d.id) return d.id;
    const base = slugOf(d.label);
    let id = base;
    for (let n = 2; taken.has(id); n += 1) {
      const suffix = `-${n}`;
      id = base.slice(0, MAX_ID - suffix.length).replace(/-+$/, '') + suffix;
    }
    taken.add(id);
    return id;
  });
}

/** The request body: blank options dropped (an empty row is not an option), none for text. */
export function toQuestions(
  drafts: readonly QuestionDraft[],
  storedIds: readonly string[],
): GuestQuestion[] {
  const ids = assignIds(drafts, storedIds);
  return drafts.map((d, i) => ({
    id: ids[i]!,
    label: d.label,
    kind: d.kind,
    options: d.kind === 'text' ? [] : d.options.filter((o) => o.trim() !== ''),
    required: d.required,
  }));
}

export interface QuestionErrors {
  /** About the whole list ("An event can have at most 10 questions"). */
  list: string | null;
  /** By draft index: the label's, the options' (as a whole), and one per option row. */
  byQuestion: Partial<
    Record<
      number,
      { label?: string; kind?: string; options?: string; option?: Record<number, string> }
    >
  >;
}

export const NO_ERRORS: QuestionErrors = { list: null, byQuestion: {} };

export function hasErrors(errors: QuestionErrors): boolean {
  return errors.list !== null || Object.keys(errors.byQuestion).length > 0;
}

const PATH = /^questions\[(\d+)\]\.(label|kind|options|id|required)(?:\[(\d+)\])?$/;

/** The domain schema's messages, placed beside the fields they are about (first per field). */
export function checkDrafts(
  drafts: readonly QuestionDraft[],
  storedIds: readonly string[],
): QuestionErrors {
  const questions = toQuestions(drafts, storedIds);
  try {
    guestQuestionsSchema.validateSync({ questions }, { abortEarly: false });
    return NO_ERRORS;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const errors: QuestionErrors = { list: null, byQuestion: {} };
    const inner = err.inner.length ? err.inner : [err];
    for (const e of inner) {
      const m = PATH.exec(e.path ?? '');
      if (!m) {
        errors.list ??= e.message;
        continue;
      }
      const index = Number(m[1]);
      const field = m[2]!;
      const slot = (errors.byQuestion[index] ??= {});
      if (field === 'label') slot.label ??= e.message;
      else if (field === 'kind') slot.kind ??= e.message;
      else if (field === 'options' && m[3] !== undefined) {
        // The request's option index → the draft's row (blank rows were dropped).
        const row = nonBlankRows(drafts[index]!)[Number(m[3])];
        if (row !== undefined) (slot.option ??= {})[row] ??= e.message;
        else slot.options ??= e.message;
      } else if (field === 'options') slot.options ??= e.message;
      // Ids are derived here and always valid; a stored one the schema refuses is the list's.
      else errors.list ??= e.message;
    }
    return errors;
  }
}

function nonBlankRows(draft: QuestionDraft): number[] {
  return draft.options.flatMap((o, i) => (o.trim() !== '' ? [i] : []));
}

/** Same questions (ids, order, labels, kinds, options, required) as stored. */
export function sameQuestions(a: readonly GuestQuestion[], b: readonly GuestQuestion[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
