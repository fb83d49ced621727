// What the seating chart prints (docs/product.md, "Seating"): the chart by table, the escort
// list (guest → table, alphabetical) and place cards. Black on white with the event's primary
// colour as the accent, whatever the screen's colour mode: this is paper.
import { Box, Grid, Text } from '@chakra-ui/react';
import { answerText } from '@gatherly/domain/guest-csv';
import type { GuestAnswers } from '@gatherly/domain/rsvp-options';
import { escortList, SELF, tableLabel, type TableView } from '@gatherly/domain/seating';

export type PrintView = 'chart' | 'escort' | 'cards';
export const PRINT_VIEWS: ReadonlyArray<{ id: PrintView; label: string }> = [
  { id: 'chart', label: 'Chart by table' },
  { id: 'escort', label: 'Escort list' },
  { id: 'cards', label: 'Place cards' },
];

export type Paper = 'A4' | 'letter';
export const PAPERS: ReadonlyArray<{ id: Paper; label: string }> = [
  { id: 'A4', label: 'A4' },
  { id: 'letter', label: 'US Letter' },
];

/** The people a print lists: seated and not flagged. */
const seatedOf = (table: TableView) => table.people.filter((p) => !p.flag);

export function ChartByTable({ tables, accent }: { tables: readonly TableView[]; accent: string }) {
  const shown = tables.filter((t) => seatedOf(t).length > 0 || t.people.length === 0);
  return (
    <Grid templateColumns="repeat(3, 1fr)" gap="4" data-testid="print-chart">
      {shown.map((t) => (
        <Box
          key={t.id}
          css={{ breakInside: 'avoid' }}
          borderTopWidth="3px"
          style={{ borderTopColor: accent }}
          pt="1"
        >
          <Text fontWeight="bold">{tableLabel(t)}</Text>
          <Text fontSize="xs" color="#555">
            {seatedOf(t).length} of {t.seats} seats
          </Text>
          <Box as="ol" ps="5" fontSize="sm" mt="1">
            {seatedOf(t).map((p) => (
              <li key={`${p.userId}/${p.person}`}>
                {p.name}
                {p.child && ' (child)'}
              </li>
            ))}
          </Box>
        </Box>
      ))}
    </Grid>
  );
}

export function EscortList({ tables, accent }: { tables: readonly TableView[]; accent: string }) {
  const rows = escortList(tables);
  if (rows.length === 0) return <Text>Nobody is seated yet.</Text>;
  return (
    <Box css={{ columnCount: 2, columnGap: '12mm' }} data-testid="print-escort">
      {rows.map((r, i) => (
        <Box
          key={`${r.name}-${i}`}
          display="flex"
          justifyContent="space-between"
          gap="3"
          py="1"
          borderBottomWidth="1px"
          borderColor="#ccc"
          css={{ breakInside: 'avoid' }}
          fontSize="sm"
        >
          <span>
            {r.name}
            {r.child && ' (child)'}
          </span>
          <Text as="span" fontWeight="bold" style={{ color: accent }} whiteSpace="nowrap">
            {r.table}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

export function PlaceCards({
  tables,
  accent,
  markQuestion,
  answers,
}: {
  tables: readonly TableView[];
  accent: string;
  /** The question whose answer marks a card (a dietary one), or null for no mark. */
  markQuestion: string | null;
  answers: Readonly<Partial<Record<string, GuestAnswers>>>;
}) {
  const cards = tables.flatMap((t) => seatedOf(t).map((p) => ({ p, table: tableLabel(t) })));
  if (cards.length === 0) return <Text>Nobody is seated yet.</Text>;
  return (
    <Grid templateColumns="repeat(2, 1fr)" gap="0" data-testid="print-cards">
      {cards.map(({ p, table }) => {
        // Plus-ones answer nothing of their own: only the member's card carries a mark.
        const mark =
          markQuestion && p.person === SELF
            ? cardMark(answerText(answers[p.userId] ?? {}, markQuestion))
            : '';
        return (
          <Box
            key={`${p.userId}/${p.person}`}
            h="55mm"
            borderWidth="1px"
            borderStyle="dashed"
            borderColor="#999"
            display="flex"
            flexDirection="column"
            alignItems="center"
            justifyContent="center"
            textAlign="center"
            px="4"
            css={{ breakInside: 'avoid' }}
          >
            <Text fontSize="2xl" fontFamily="serif">
              {p.name}
            </Text>
            <Text fontSize="md" fontWeight="bold" style={{ color: accent }} mt="1">
              {table}
            </Text>
            {mark && (
              <Text fontSize="xs" mt="1" color="#444">
                {mark}
              </Text>
            )}
          </Box>
        );
      })}
    </Grid>
  );
}

/** An answer that says there is nothing to mark ("None", "No", "N/A") prints no mark. */
export function cardMark(answer: string): string {
  const text = answer.trim();
  return /^(none|no|n\/?a|nothing|-)$/i.test(text) ? '' : text;
}
