// The seating chart's prints (docs/product.md, "Seating"): a paper preview over the app, and
// only the paper when printed (A4 or US Letter, the page size set for the print).
import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { formatZonedStart } from '@gatherly/domain/dates';
import { readableVariant } from '@gatherly/domain/color';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { useEventAccess } from '../../lib/event-scope.tsx';
import { PATHS, seatingHref, useRouteParams } from '../../lib/paths.ts';
import {
  ChartByTable,
  EscortList,
  PAPERS,
  PlaceCards,
  PRINT_VIEWS,
  type Paper,
  type PrintView,
} from './print-views.tsx';
import { useSeating } from './use-seating.ts';

const ROOT_ID = 'seating-print';

export default function SeatingPrintPage() {
  const { eventId, scheduleId } = useRouteParams(PATHS.seatingPrint);
  const access = useEventAccess(eventId);
  const seating = useSeating({ eventId, scheduleId });
  const [view, setView] = useState<PrintView>('escort');
  const [paper, setPaper] = useState<Paper>('A4');
  const [mark, setMark] = useState<string | null>(null);
  if (access.status !== 'ready' || seating.state.status === 'loading') return <PageSkeleton />;
  if (seating.state.status === 'failed') {
    return (
      <Box p="8">
        <Text role="alert">{seating.state.message}</Text>
      </Box>
    );
  }
  const { event } = access.scope;
  const { item, chart, questions, answers } = seating.state.seating;
  const accent = readableAccent(event.themeColors.primary);
  // A dietary question marks place cards by default when the host asks one.
  const markQuestion =
    mark ?? questions.find((q) => /diet|allerg|food|meal/i.test(q.label))?.id ?? '';
  const title = PRINT_VIEWS.find((v) => v.id === view)?.label ?? '';
  return createPortal(
    <Box
      id={ROOT_ID}
      position="fixed"
      inset="0"
      zIndex="modal"
      overflowY="auto"
      bg="bg.subtle"
      color="fg"
      css={{
        '@media print': { position: 'static', overflow: 'visible', background: 'white' },
      }}
    >
      <style>{`@page { size: ${paper}; margin: 12mm; }
@media print {
  body > :not(#${ROOT_ID}) { display: none !important; }
  html, body { background: white !important; }
  #${ROOT_ID} .no-print { display: none !important; }
  #${ROOT_ID} .sheet { box-shadow: none !important; margin: 0 !important; padding: 0 !important; width: auto !important; }
}`}</style>
      <Stack className="no-print" gap="3" p="4" maxW="5xl" mx="auto">
        <Link to={seatingHref(eventId, scheduleId)}>
          <Text fontSize="sm" color="fg.muted">
            ← Back to the seating chart
          </Text>
        </Link>
        <HStack gap="2" wrap="wrap" role="group" aria-label="What to print">
          {PRINT_VIEWS.map((v) => (
            <Button
              key={v.id}
              size="sm"
              variant={view === v.id ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-pressed={view === v.id}
              onClick={() => setView(v.id)}
            >
              {v.label}
            </Button>
          ))}
        </HStack>
        <HStack gap="2" wrap="wrap">
          <NativeSelect.Root size="sm" w="36">
            <NativeSelect.Field
              aria-label="Paper size"
              value={paper}
              onChange={(e) => setPaper(e.target.value === 'letter' ? 'letter' : 'A4')}
            >
              {PAPERS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {view === 'cards' && questions.length > 0 && (
            <NativeSelect.Root size="sm" w="56">
              <NativeSelect.Field
                aria-label="Mark place cards with"
                value={markQuestion}
                onChange={(e) => setMark(e.target.value)}
              >
                <option value="">No mark on the cards</option>
                {questions.map((q) => (
                  <option key={q.id} value={q.id}>
                    Mark: {q.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
          <Button size="sm" colorPalette="brand" onClick={() => window.print()}>
            Print
          </Button>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Choose “Save as PDF” in the print dialog for a file. Flagged guests are left out.
        </Text>
      </Stack>
      <Box
        className="sheet"
        bg="white"
        color="black"
        mx="auto"
        mb="8"
        p={{ base: '4', md: '12mm' }}
        w="full"
        maxW={paper === 'A4' ? '210mm' : '216mm'}
        boxShadow="md"
        data-testid="print-sheet"
      >
        <Box mb="4">
          <Text fontSize="sm" color="#555">
            {event.name}
          </Text>
          <Heading size="lg" color="black">
            {item.title} · {title}
          </Heading>
          <Text fontSize="sm" color="#555">
            {formatZonedStart(item.startTime, item.endTime, item.timeZone)}
          </Text>
        </Box>
        {view === 'chart' && <ChartByTable tables={chart.tables} accent={accent} />}
        {view === 'escort' && <EscortList tables={chart.tables} accent={accent} />}
        {view === 'cards' && (
          <PlaceCards
            tables={chart.tables}
            accent={accent}
            markQuestion={markQuestion || null}
            answers={answers}
          />
        )}
      </Box>
    </Box>,
    document.body,
  );
}

/** The event's primary colour, darkened where needed to read on white paper. */
const readableAccent = (primary: string): string => readableVariant(primary, '#ffffff');
