// The Seating screen of one schedule item (docs/product.md, "Seating"), for admins and the
// creator: tables on the right, the guests to seat on the left. People are seated by drag and
// drop, or by picking them (tap or keyboard) and then a table.
import { Badge, Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { isAdminRole } from '@gatherly/domain/roles';
import { tableLabel, type SeatingResponse } from '@gatherly/domain/seating';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { ZonedTime } from '../../components/ZonedTime.tsx';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { Switch } from '../../components/chakra/Switch.ts';
import { useEventScope } from '../../lib/event-scope.tsx';
import { describeError } from '../../lib/errors.ts';
import { eventHref, PATHS, seatingPrintHref, useRouteParams } from '../../lib/paths.ts';
import { showToast } from '../../lib/toast-store.ts';
import { AddTablesForm } from './AddTablesForm.tsx';
import { shifted } from './chart-edits.ts';
import { saveSeatingCsv } from './data.ts';
import { GuestsPanel } from './GuestsPanel.tsx';
import { DRAG_TYPE, movesTo, peopleText } from './selection.ts';
import { TableCard } from './TableCard.tsx';
import { useSeating, type Seating } from './use-seating.ts';

export default function SeatingPage() {
  const { eventId, scheduleId } = useRouteParams(PATHS.seating);
  const { role } = useEventScope();
  // Attendees are told so without asking the server (it would refuse them the same way).
  if (!isAdminRole(role)) {
    return (
      <Box p={{ base: '4', md: '8' }}>
        <Text>Only event admins can edit the seating chart.</Text>
      </Box>
    );
  }
  return <SeatingLoader eventId={eventId} scheduleId={scheduleId} />;
}

function SeatingLoader({ eventId, scheduleId }: { eventId: string; scheduleId: string }) {
  const seating = useSeating({ eventId, scheduleId });
  if (seating.state.status === 'loading') return <PageSkeleton cards={3} />;
  if (seating.state.status === 'failed') {
    return (
      <Stack p={{ base: '4', md: '8' }} gap="3" align="start">
        <Text role="alert">{seating.state.message}</Text>
        <Button size="sm" onClick={seating.reload}>
          Try again
        </Button>
      </Stack>
    );
  }
  return (
    <SeatingChart
      eventId={eventId}
      scheduleId={scheduleId}
      seating={seating}
      data={seating.state.seating}
    />
  );
}

function SeatingChart({
  eventId,
  scheduleId,
  seating,
  data,
}: {
  eventId: string;
  scheduleId: string;
  seating: Seating;
  data: SeatingResponse;
}) {
  const { event } = useEventScope();
  const { chart, item } = data;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<string | null>(null);
  const [target, setTarget] = useState('');
  const [downloading, setDownloading] = useState(false);
  // What is being dragged (the browser's own payload is only readable on drop in some browsers).
  const dragged = useRef<string[]>([]);
  const tableLabels = new Map(chart.tables.map((t) => [t.id, tableLabel(t)]));
  const seated = chart.tables.reduce((n, t) => n + t.occupied, 0);
  const removingTable = chart.tables.find((t) => t.id === removing);

  const toggle = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const seat = async (ids: Iterable<string>, tableId: string | null) => {
    const moves = movesTo(ids, tableId);
    if (moves.length === 0) return;
    if (await seating.move(moves)) setSelected(new Set());
  };
  const dragPeople = (e: DragEvent, ids: string[]) => {
    // Dragging one of the picked people takes all of them.
    const people = ids.every((id) => selected.has(id)) && selected.size > 0 ? [...selected] : ids;
    dragged.current = people;
    e.dataTransfer?.setData(DRAG_TYPE, people.join('\n'));
    if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
  };
  const dropped = (e: DragEvent): string[] => {
    e.preventDefault();
    const carried = e.dataTransfer?.getData(DRAG_TYPE);
    const ids = dragged.current.length
      ? dragged.current
      : (carried ?? '').split('\n').filter(Boolean);
    dragged.current = [];
    return ids;
  };
  const downloadCsv = async () => {
    setDownloading(true);
    try {
      await saveSeatingCsv({ eventId, scheduleId }, event.name, item.title);
    } catch (err) {
      console.error('The seating CSV failed', err);
      showToast({
        title: 'Error',
        description: describeError(
          err,
          'The caterer’s list could not be downloaded. Please try again.',
        ),
        status: 'error',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack
      gap="4"
      maxW="7xl"
      mx="auto"
      w="full"
      p={{ base: '4', md: '8' }}
      pb={{ base: '28', md: '8' }}
    >
      <Stack gap="1">
        <Link to={eventHref(eventId)}>
          <Text fontSize="sm" color="fg.muted">
            ← Back to the event
          </Text>
        </Link>
        <Heading size="xl">Seating · {item.title}</Heading>
        <Text fontSize="sm" color="fg.muted">
          <ZonedTime value={item.startTime} end={item.endTime} timeZone={item.timeZone} />
        </Text>
        <HStack gap="2" wrap="wrap" data-testid="seating-summary" role="status" aria-live="polite">
          <Badge colorPalette="green">{seated} seated</Badge>
          <Badge colorPalette={chart.unassigned ? 'orange' : 'gray'}>
            {chart.unassigned} unassigned
          </Badge>
          {chart.flagged > 0 && <Badge colorPalette="red">{chart.flagged} flagged</Badge>}
          <Badge>{chart.tables.length} tables</Badge>
        </HStack>
      </Stack>

      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          disabled={!seating.lastMove || seating.busy}
          onClick={() => void seating.undo()}
        >
          Undo last move
        </Button>
        <Button size="sm" variant="outline" asChild>
          <Link to={seatingPrintHref(eventId, scheduleId)}>
            Print chart, escort list and place cards
          </Link>
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={downloading}
          onClick={() => void downloadCsv()}
        >
          Download caterer CSV
        </Button>
        <Button size="sm" variant="ghost" onClick={seating.reload}>
          Refresh
        </Button>
        <Switch.Root
          colorPalette="brand"
          checked={data.showGuestsTheirTable}
          disabled={seating.busy}
          onCheckedChange={(e) => void seating.setShowGuestsTheirTable(e.checked)}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label fontSize="sm">Show guests their table</Switch.Label>
        </Switch.Root>
      </HStack>
      <AddTablesForm
        empty={chart.tables.length === 0}
        busy={seating.busy}
        onAdd={seating.addTables}
      />

      <Grid
        templateColumns={{ base: '1fr', md: 'minmax(260px, 340px) 1fr' }}
        gap="4"
        alignItems="start"
      >
        <Box
          position={{ md: 'sticky' }}
          top={{ md: '4' }}
          maxH={{ md: 'calc(100vh - 2rem)' }}
          overflowY={{ md: 'auto' }}
        >
          <GuestsPanel
            parties={chart.parties}
            questions={data.questions}
            answers={data.answers}
            groups={data.groups}
            tableLabels={tableLabels}
            selected={selected}
            onToggle={toggle}
            onDragPeople={dragPeople}
            onDropUnassign={(e) => void seat(dropped(e), null)}
          />
        </Box>
        {chart.tables.length === 0 ? (
          <Text color="fg.muted">
            No tables yet. Add some above: a quick start adds 10 round tables of 8.
          </Text>
        ) : (
          <Grid
            templateColumns="repeat(auto-fill, minmax(220px, 1fr))"
            gap="3"
            data-testid="tables"
          >
            {chart.tables.map((table, i) => (
              <TableCard
                key={table.id}
                table={table}
                first={i === 0}
                last={i === chart.tables.length - 1}
                busy={seating.busy}
                selected={selected}
                picked={selected.size}
                onSeatHere={() => void seat(selected, table.id)}
                onToggle={toggle}
                onUnassign={(ids) => void seat(ids, null)}
                onDragPeople={dragPeople}
                onDrop={(e) => void seat(dropped(e), table.id)}
                onShift={(by) => {
                  const order = shifted(
                    chart.tables.map((t) => t.id),
                    table.id,
                    by,
                  );
                  if (order) void seating.reorder(order);
                }}
                onSave={(body) => seating.updateTable(table.id, body)}
                onDelete={() => setRemoving(table.id)}
              />
            ))}
          </Grid>
        )}
      </Grid>

      {selected.size > 0 && (
        // Tap-to-assign on a phone: the tables may be far below, so the bar picks one.
        <HStack
          position="fixed"
          insetX="0"
          bottom={{ base: '16', md: '0' }}
          zIndex="docked"
          bg="bg.panel"
          borderTopWidth="1px"
          p="3"
          gap="2"
          justify="center"
          wrap="wrap"
          data-testid="pick-bar"
          role="region"
          aria-label="Picked people"
        >
          <Text fontSize="sm" fontWeight="medium" aria-live="polite">
            {peopleText(selected.size)} picked
          </Text>
          <NativeSelect.Root size="sm" w="44">
            <NativeSelect.Field
              aria-label="Table to seat them at"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            >
              <option value="">Choose a table</option>
              {chart.tables.map((t) => (
                <option key={t.id} value={t.id}>
                  {tableLabel(t)} ({t.occupied}/{t.seats})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button
            size="sm"
            colorPalette="brand"
            disabled={!target || seating.busy}
            onClick={() => void seat(selected, target)}
          >
            Seat
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={seating.busy}
            onClick={() => void seat(selected, null)}
          >
            Unassign
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        </HStack>
      )}

      <ConfirmDialog
        open={removing !== null}
        title="Delete Table"
        description={
          removingTable
            ? `Delete ${tableLabel(removingTable)}? ${
                removingTable.people.length === 0
                  ? 'Nobody is seated there.'
                  : removingTable.people.length === 1
                    ? 'The person seated there goes back to unassigned.'
                    : `The ${removingTable.people.length} people seated there go back to unassigned.`
              }`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={seating.busy}
        destructive
        onConfirm={() => {
          if (removing) void seating.deleteTable(removing).then(() => setRemoving(null));
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
