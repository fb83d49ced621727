// The caterer's list (docs/product.md, "Seating"): one row per person Going to the item, by
// table in chart order then unassigned, with the member's answers to the host's questions on
// the member's row and their party's guests marked as such. Flagged seats (no longer going,
// removed, changed) are left out: the caterer plans for who is coming.
import { answerText, CSV_BOM, csvLine, type CsvQuestion } from './guest-csv.ts';
import type { GuestAnswers } from './rsvp-options.ts';
import { SELF, tableLabel, type ChartView } from './seating.ts';

export const UNASSIGNED_LABEL = 'Unassigned';

export function seatingCsv(
  chart: ChartView,
  questions: readonly CsvQuestion[],
  answers: Readonly<Partial<Record<string, GuestAnswers>>>,
): string {
  const header =
    CSV_BOM + csvLine(['Table', 'Guest', 'Child', 'Party of', ...questions.map((q) => q.label)]);
  const partyName = new Map(chart.parties.map((p) => [p.userId, p.name]));
  const rows: string[] = [];
  const row = (
    table: string,
    p: { userId: string; person: string; name: string; child: boolean },
  ) =>
    csvLine([
      table,
      p.name,
      p.child ? 'Yes' : 'No',
      p.person === SELF ? '' : (partyName.get(p.userId) ?? ''),
      ...questions.map((q) => (p.person === SELF ? answerText(answers[p.userId] ?? {}, q.id) : '')),
    ]);
  for (const table of chart.tables) {
    for (const p of table.people) if (!p.flag) rows.push(row(tableLabel(table), p));
  }
  for (const party of chart.parties) {
    for (const p of party.people) if (!p.tableId) rows.push(row(UNASSIGNED_LABEL, p));
  }
  return header + rows.join('');
}

/** A file name from the event and item: letters, digits and dashes only. */
export function seatingCsvFileName(eventName: string, itemTitle: string): string {
  const slug = `${eventName} ${itemTitle}`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'event'}-seating.csv`;
}
