/**
 * The guest list as CSV (docs/product.md, "Guest list"): one row per member and per pending
 * invitation; per schedule item the answer, the party size and the guests (names, children
 * marked); then one column per host question (several choices joined with "; "). Pure, so the web streams it page by page: `csvHeader`
 * once, then `memberRow` / `invitationRow` per record, joined with CRLF (RFC 4180).
 */
import {
  rsvpStateLabel,
  type GuestAnswers,
  type GuestQuestion,
  type Party,
  type RsvpState,
  RSVP_NOT_RESPONDED_LABEL,
} from './rsvp-options.ts';
import type { MemberRole } from './entities/members.ts';
import { PREMIUM_REQUIRED_MESSAGE } from './tiers.ts';

/** Byte order mark, so spreadsheet programs read the file as UTF-8 (accents intact). */
/** The schedule items the guest list and its export show, earliest first (by design, 20). */
export const GUEST_LIST_ITEMS = 20;

/**
 * Why an export was refused by the event creator's plan (`exportDataEnabled`). The creator is
 * told their plan; other admins only that the event's plan lacks it (docs/product.md, "Subscription tiers and limits").
 */
export function exportNeedsPlanMessage(planName: string | null): string {
  return planName === null
    ? `${PREMIUM_REQUIRED_MESSAGE}: this event's plan does not include the guest list export`
    : `${PREMIUM_REQUIRED_MESSAGE}: the ${planName} plan does not include the guest list export`;
}

export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

const ROLE_LABELS: Readonly<Record<MemberRole, string>> = {
  creator: 'Creator',
  admin: 'Admin',
  attendee: 'Attendee',
};

/**
 * One cell: text a spreadsheet would run as a formula (starting with = + - @, tab or CR) gets
 * a leading apostrophe (CSV injection); quotes, commas and line breaks are quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + CSV_LINE_END;
}

export interface CsvItem {
  id: string;
  title: string;
}

export type CsvQuestion = Pick<GuestQuestion, 'id' | 'label'>;

export function csvHeader(items: readonly CsvItem[], questions: readonly CsvQuestion[]): string {
  return (
    CSV_BOM +
    csvLine([
      'Name',
      'Email',
      'Role',
      'Status',
      'Joined',
      ...items.flatMap((i) => [i.title, `${i.title} (party size)`, `${i.title} (guests)`]),
      ...questions.map((q) => q.label),
    ])
  );
}

/** "Sam Lee; Mia Lee (child)". */
export function guestNamesText(party: Party | undefined): string {
  return (party?.guests ?? []).map((g) => (g.child ? `${g.name} (child)` : g.name)).join('; ');
}

/** A text or one-choice answer as given; several choices joined with "; ". */
export function answerText(answers: GuestAnswers, questionId: string): string {
  const value = Object.hasOwn(answers, questionId) ? answers[questionId] : undefined;
  return Array.isArray(value) ? value.join('; ') : (value ?? '');
}

export interface CsvMember {
  displayName: string;
  email: string;
  role: MemberRole;
  /** ISO instant, '' when unknown. */
  joinedAt: string;
  answers: Readonly<Partial<Record<string, RsvpState>>>;
  /** Items whose answer an admin recorded for the member. */
  recordedBy?: Readonly<Partial<Record<string, string>>>;
  /** Per item answered Going or waitlisted, the party (absent: 1 head, no guests). */
  parties?: Readonly<Partial<Record<string, Party>>>;
  /** Answers to the host's questions. */
  questionAnswers?: GuestAnswers;
}

export function memberRow(
  items: readonly CsvItem[],
  questions: readonly CsvQuestion[],
  m: CsvMember,
): string {
  return csvLine([
    m.displayName,
    m.email,
    ROLE_LABELS[m.role],
    'Member',
    m.joinedAt,
    ...items.flatMap((i) => {
      const status = m.answers[i.id];
      if (!status) return [RSVP_NOT_RESPONDED_LABEL, '', ''];
      const answer = m.recordedBy?.[i.id]
        ? `${rsvpStateLabel(status)} (recorded by the host)`
        : rsvpStateLabel(status);
      // Heads only for those coming (or waiting to): a Maybe brings nobody yet.
      if (status !== 'going' && status !== 'waitlisted') return [answer, '', ''];
      const party = m.parties?.[i.id];
      return [answer, String(party?.size ?? 1), guestNamesText(party)];
    }),
    ...questions.map((q) => answerText(m.questionAnswers ?? {}, q.id)),
  ]);
}

export interface CsvInvitation {
  email: string;
  role: MemberRole;
}

export function invitationRow(
  items: readonly CsvItem[],
  questions: readonly CsvQuestion[],
  inv: CsvInvitation,
): string {
  return csvLine([
    '',
    inv.email,
    ROLE_LABELS[inv.role],
    'Invited',
    '',
    ...items.flatMap(() => ['', '', '']),
    ...questions.map(() => ''),
  ]);
}

/** A file name from the event name: letters, digits and dashes only. */
export function csvFileName(eventName: string): string {
  const slug = eventName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'event'}-guest-list.csv`;
}
