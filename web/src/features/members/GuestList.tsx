import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Input } from '../../components/chakra/Input.ts';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { useState } from 'react';
import { formatShortDate } from '@gatherly/domain/dates';
import {
  allowanceFor,
  headsAndRepliesText,
  rsvpStateLabel,
  type GuestQuestion,
  type RsvpState,
  RSVP_STATUSES,
  rsvpLabel,
  type RsvpStatus,
} from '@gatherly/domain/rsvp-options';
import { answerText, csvFileName, guestNamesText } from '@gatherly/domain/guest-csv';
import { RoleBadge } from '../../components/RoleBadge.tsx';
import { showToast } from '../../lib/toast-store.ts';
import { errorMessage } from '../../lib/api.ts';
import { downloadApi } from '../../lib/api-client.ts';
import { API } from '@gatherly/domain/api/endpoints';
import { useEventStats } from '../../lib/use-event-stats.ts';
import type { MemberOrder } from './data.ts';
import { saveBlob } from '../../lib/save-link.ts';
import {
  guestName,
  recordAnswer,
  useGuestsByAnswer,
  useGroupTotals,
  useGuestsByMember,
  useScheduleItems,
  type AnswerFilter,
  type GuestPages,
  type GuestRow,
} from './guest-list-data.ts';
import { PlusOnesDialog, type PlusOnesTarget } from './PlusOnesDialog.tsx';
import { GroupAssignBar } from './GroupAssignBar.tsx';
import { Checkbox } from '../../components/chakra/Checkbox.ts';
import { groupNames } from '../groups/data.ts';
import type { GroupDoc } from '../../lib/types.ts';

const FILTERS: { value: AnswerFilter; label: string }[] = [
  { value: 'all', label: 'Everyone' },
  { value: 'going', label: 'Going' },
  { value: 'waitlisted', label: 'Waitlisted' },
  { value: 'maybe', label: 'Maybe' },
  { value: 'not_going', label: 'Not Going' },
  { value: 'none', label: 'No answer' },
];

const STATUS_PALETTE: Record<RsvpState, string> = {
  going: 'green',
  waitlisted: 'purple',
  maybe: 'orange',
  not_going: 'red',
};

export type ExportGate = 'loading' | 'allowed' | 'upgrade' | 'ask';

interface GuestListProps {
  eventId: string;
  eventName: string;
  /** The event's plus-one allowance (a member's own overrides it). */
  plusOnesAllowed: number;
  /** The host's questions: each guest's answers show under their name and in the CSV. */
  questions: readonly GuestQuestion[];
  /**
   * The export under the event creator's plan: known to the creator (`loading` until it is,
   * `upgrade` when it lacks it); other admins `ask` the server, which answers with a sentence.
   */
  exportGate: ExportGate;
  onUpgrade(): void;
  /** The event's guest groups (by name): the filter, the row badges and assigning. */
  groups: readonly GroupDoc[];
}

/**
 * The host's guest list (docs/product.md, "Guest list"): each member's answer to one schedule
 * item at a time, filtered by answer and guest group, with totals, recorded answers, the CSV
 * export (of the group shown) and members put in or taken out of groups several at once.
 */
export function GuestList({
  eventId,
  eventName,
  plusOnesAllowed,
  questions,
  exportGate,
  onUpgrade,
  groups,
}: GuestListProps) {
  // null until loaded: "Add schedule items" shows only once there are none.
  const loadedItems = useScheduleItems(eventId);
  const items = loadedItems ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const item = items.find((i) => i.id === chosen) ?? items[0] ?? null;
  const [filter, setFilter] = useState<AnswerFilter>('all');
  const [sort, setSort] = useState<MemberOrder>('joined');
  const [search, setSearch] = useState('');
  const stats = useEventStats(eventId, 'members');
  const [exporting, setExporting] = useState(false);
  const [plusOnesFor, setPlusOnesFor] = useState<PlusOnesTarget | null>(null);
  const [chosenGroup, setChosenGroup] = useState<string | null>(null);
  // A group deleted meanwhile no longer filters.
  const groupId = groups.some((g) => g.id === chosenGroup) ? chosenGroup : null;
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const toggle = (uid: string, name: string, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(uid, name);
      else next.delete(uid);
      return next;
    });

  const stored = item?.rsvpCounts ?? { going: 0, maybe: 0, notGoing: 0 };
  // With a group chosen, the totals are the group's (aggregations, read again as the item's
  // stored totals move or members change groups); '…' until they arrive.
  const [assigned, setAssigned] = useState(0);
  const group = useGroupTotals(
    eventId,
    item?.id ?? null,
    groupId,
    `${JSON.stringify(stored)}/${assigned}`,
  );
  const counts =
    groupId === null
      ? {
          ...stored,
          waitlisted: stored.waitlisted ?? 0,
          goingHeads: stored.goingHeads ?? stored.going,
          waitlistedHeads: stored.waitlistedHeads ?? 0,
        }
      : group;
  const total = groupId === null ? (stats.members?.total ?? null) : (group?.members ?? null);
  const shown = (n: number | undefined) => (n === undefined ? '…' : n);
  // Waiting members have answered (Going, waiting for a spot).
  const answered = counts
    ? counts.going + counts.maybe + counts.notGoing + counts.waitlisted
    : null;
  const rowProps = {
    eventId,
    order: sort,
    search,
    questions,
    plusOnesAllowed,
    onPlusOnes: setPlusOnesFor,
    groupId,
    groups,
    selected,
    onSelect: toggle,
  };

  const exportCsv = async () => {
    if (exportGate === 'upgrade') {
      onUpgrade();
      return;
    }
    setExporting(true);
    try {
      saveBlob(
        await downloadApi(API.exportGuestList, {
          params: { eventId },
          ...(groupId ? { query: { group: groupId } } : {}),
        }),
        csvFileName(eventName),
      );
    } catch (err) {
      showToast({
        title: 'Export failed',
        description: errorMessage(err, 'Could not export the guest list. Please try again.'),
        status: 'error',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card.Root data-testid="guest-list">
      <Card.Body gap="4">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Box>
            <Heading size="lg">Guest List</Heading>
            <Text color="fg.muted" textStyle="sm">
              Who is coming to each part of the schedule.
            </Text>
          </Box>
          <Button
            variant="outline"
            onClick={() => void exportCsv()}
            // Until the creator's plan is known, a click could offer an upgrade not needed.
            disabled={exporting || exportGate === 'loading'}
          >
            {exporting ? 'Exporting...' : groupId ? 'Export group CSV' : 'Export CSV'}
          </Button>
        </HStack>
        {items.length === 0 ? (
          loadedItems && (
            <Text color="fg.muted">Add schedule items on the dashboard to collect answers.</Text>
          )
        ) : (
          <>
            <Stack direction={{ base: 'column', md: 'row' }} gap="3">
              <NativeSelect.Root size="sm" maxW={{ md: 'xs' }}>
                <NativeSelect.Field
                  aria-label="Schedule item"
                  value={item?.id ?? ''}
                  onChange={(e) => setChosen(e.currentTarget.value)}
                >
                  {items.map((i) => (
                    <option key={i.id} value={i.id}>
                      {i.title}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <NativeSelect.Root size="sm" maxW={{ md: '44' }}>
                <NativeSelect.Field
                  aria-label="Sort guests"
                  value={sort}
                  onChange={(e) => setSort(e.currentTarget.value === 'name' ? 'name' : 'joined')}
                >
                  <option value="joined">Sort by joining date</option>
                  <option value="name">Sort by name</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {groups.length > 0 && (
                <NativeSelect.Root size="sm" maxW={{ md: '48' }}>
                  <NativeSelect.Field
                    aria-label="Guest group"
                    value={groupId ?? ''}
                    onChange={(e) => setChosenGroup(e.currentTarget.value || null)}
                  >
                    <option value="">All groups</option>
                    {groups.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
              <Input
                size="sm"
                placeholder="Search guests..."
                aria-label="Search guests"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                maxW={{ md: 'xs' }}
              />
            </Stack>
            <HStack gap="2" wrap="wrap" data-testid="guest-totals">
              <Badge colorPalette="green" variant="surface">
                Going: {shown(counts?.going)}
              </Badge>
              <Badge colorPalette="purple" variant="surface">
                Waitlisted: {shown(counts?.waitlisted)}
              </Badge>
              <Badge colorPalette="orange" variant="surface">
                Maybe: {shown(counts?.maybe)}
              </Badge>
              <Badge colorPalette="red" variant="surface">
                Not Going: {shown(counts?.notGoing)}
              </Badge>
              <Badge variant="surface">
                No answer:{' '}
                {total === null || answered === null ? '…' : Math.max(0, total - answered)}
              </Badge>
              <Badge variant="outline" data-testid="guest-heads">
                {counts ? headsAndRepliesText(counts) : '…'}
                {counts && counts.waitlistedHeads > 0 ? ` · ${counts.waitlistedHeads} waiting` : ''}
              </Badge>
            </HStack>
            <HStack gap="2" wrap="wrap" role="group" aria-label="Filter by answer">
              {FILTERS.map((f) => (
                <Button
                  key={f.value}
                  size="xs"
                  variant={filter === f.value ? 'solid' : 'outline'}
                  colorPalette={filter === f.value ? 'brand' : 'gray'}
                  aria-pressed={filter === f.value}
                  onClick={() => setFilter(f.value)}
                >
                  {f.label}
                </Button>
              ))}
            </HStack>
            {groups.length > 0 && (
              <GroupAssignBar
                eventId={eventId}
                groups={groups}
                selected={selected}
                onDone={() => {
                  setSelected(new Map());
                  setAssigned((n) => n + 1);
                }}
              />
            )}
            {item && (filter === 'all' || filter === 'none') && (
              <GuestsByMember {...rowProps} itemId={item.id} noAnswerOnly={filter === 'none'} />
            )}
            {item && filter !== 'all' && filter !== 'none' && (
              <GuestsByAnswer {...rowProps} itemId={item.id} status={filter} />
            )}
          </>
        )}
      </Card.Body>
      <PlusOnesDialog
        eventId={eventId}
        eventDefault={plusOnesAllowed}
        target={plusOnesFor}
        onClose={() => setPlusOnesFor(null)}
      />
    </Card.Root>
  );
}

interface RowsProps extends RowContext {
  eventId: string;
  order: MemberOrder;
  search: string;
}

/** What every row needs beside its guest. */
interface RowContext {
  eventId: string;
  itemId: string;
  questions: readonly GuestQuestion[];
  plusOnesAllowed: number;
  onPlusOnes(target: PlusOnesTarget): void;
  /** The group the list is filtered to (null: everyone). */
  groupId: string | null;
  groups: readonly GroupDoc[];
  /** The members chosen for a group change, uid -> name. */
  selected: ReadonlyMap<string, string>;
  onSelect(uid: string, name: string, on: boolean): void;
}

/** Everyone, or those without an answer: member pages with their answers. */
function GuestsByMember({ noAnswerOnly, ...props }: RowsProps & { noAnswerOnly: boolean }) {
  const { eventId, itemId, order, search, questions, groupId } = props;
  const pages = useGuestsByMember(
    eventId,
    noAnswerOnly ? itemId : null,
    order,
    search,
    questions.length > 0,
    groupId,
  );
  return <GuestRows pages={pages} {...props} />;
}

/** Those with one answer: answer-map pages with their member documents. */
function GuestsByAnswer({ status, ...props }: RowsProps & { status: RsvpState }) {
  const { eventId, itemId, order, search, questions, groupId } = props;
  const pages = useGuestsByAnswer(
    eventId,
    itemId,
    status,
    order,
    search,
    questions.length > 0,
    groupId,
  );
  return <GuestRows pages={pages} {...props} />;
}

function GuestRows({ pages, ...context }: RowContext & { pages: GuestPages }) {
  const { rows, loading, hasMore, loadingMore, loadMore, error } = pages;
  return (
    <>
      <Stack gap="2" data-testid="guest-rows">
        {rows.map((row) => (
          <GuestRowView key={row.uid} row={row} {...context} />
        ))}
        {loading && rows.length === 0 && (
          <Text color="fg.muted" textStyle="sm">
            Loading guests...
          </Text>
        )}
        {error && (
          <Text color="fg.error" textStyle="sm">
            Could not load the guest list. Please try again.
          </Text>
        )}
        {!loading && !error && rows.length === 0 && (
          <Text color="fg.muted" textStyle="sm">
            {hasMore ? 'None among the guests loaded so far.' : 'No guests match.'}
          </Text>
        )}
      </Stack>
      {hasMore && (
        <Button size="sm" variant="ghost" onClick={loadMore} loading={loadingMore}>
          Load more guests
        </Button>
      )}
    </>
  );
}

/** The guest's answers to the questions still asked, in the host's order (as in the CSV). */
function answerLines(questions: readonly GuestQuestion[], row: GuestRow) {
  const answers = row.questionAnswers?.answers ?? {};
  return questions.flatMap((q) => {
    const text = answerText(answers, q.id);
    return text ? [{ id: q.id, label: q.label, text }] : [];
  });
}

/** A guest's answer; its date is about the guest, so in the viewer's zone like "Joined". */
function GuestRowView({
  row,
  eventId,
  itemId,
  questions,
  plusOnesAllowed,
  onPlusOnes,
  groups,
  selected,
  onSelect,
}: RowContext & { row: GuestRow }) {
  const [saving, setSaving] = useState(false);
  const status = row.answers?.statuses[itemId];
  const party =
    status === 'going' || status === 'waitlisted' ? row.answers?.parties?.[itemId] : undefined;
  const lines = answerLines(questions, row);
  const own = row.member?.plusOnesAllowed ?? null;
  const allowance = allowanceFor({ plusOnesAllowed }, { plusOnesAllowed: own });
  const at = row.answers?.respondedAt[itemId];
  const recorded = Boolean(row.answers?.recordedBy[itemId]);
  const record = async (next: RsvpStatus) => {
    setSaving(true);
    try {
      await recordAnswer(eventId, itemId, row.uid, next);
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorMessage(err, 'Could not record the answer. Please try again.'),
        status: 'error',
      });
    } finally {
      setSaving(false);
    }
  };
  const name = guestName(row);
  const inGroups = groupNames(groups, row.member?.groupIds ?? []);
  return (
    <Stack
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      borderWidth="1px"
      borderRadius="l2"
      p="3"
      gap="2"
      data-testid="guest-row"
    >
      <HStack minW="0" align="start" gap="3">
        {groups.length > 0 && row.member && (
          <Checkbox.Root
            mt="1"
            size="sm"
            checked={selected.has(row.uid)}
            onCheckedChange={(e) => onSelect(row.uid, name, e.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label srOnly>Select {name}</Checkbox.Label>
          </Checkbox.Root>
        )}
        <Box minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="medium" truncate>
              {name}
            </Text>
            {row.member && <RoleBadge role={row.member.role} context="member" />}
            {inGroups.map((g) => (
              <Badge key={g} variant="outline" colorPalette="blue" data-testid="guest-group">
                {g}
              </Badge>
            ))}
          </HStack>
          <Text color="fg.muted" textStyle="sm" truncate>
            {row.member?.user.email}
          </Text>
          {party && party.guests.length > 0 && (
            <Text textStyle="sm" data-testid="guest-party">
              Party of {party.size}: {guestNamesText(party)}
            </Text>
          )}
          {lines.length > 0 && (
            <Stack as="dl" gap="0" mt="1" textStyle="sm" data-testid="guest-question-answers">
              {lines.map((l) => (
                <HStack key={l.id} gap="1" align="baseline" wrap="wrap">
                  <Text as="dt" color="fg.muted">
                    {l.label}:
                  </Text>
                  <Text as="dd">{l.text}</Text>
                </HStack>
              ))}
            </Stack>
          )}
        </Box>
      </HStack>
      <HStack gap="2" wrap="wrap" justify={{ sm: 'end' }}>
        <Stack gap="0" align={{ base: 'start', sm: 'end' }}>
          <Badge colorPalette={status ? STATUS_PALETTE[status] : 'gray'} data-testid="guest-answer">
            {status ? rsvpStateLabel(status) : 'No answer'}
          </Badge>
          {(at || recorded) && (
            <Text textStyle="xs" color="fg.muted">
              {recorded ? 'Recorded by the host' : 'Answered'}
              {at ? ` · ${formatShortDate(at)}` : ''}
            </Text>
          )}
        </Stack>
        <NativeSelect.Root size="xs" width="auto" disabled={saving}>
          <NativeSelect.Field
            aria-label={`Record an answer for ${name}`}
            value=""
            onChange={(e) => {
              const next = RSVP_STATUSES.find((s) => s === e.currentTarget.value);
              if (next) void record(next);
            }}
          >
            <option value="">Record answer…</option>
            {RSVP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {rsvpLabel(s)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {row.member && (
          <Button
            size="xs"
            variant="outline"
            aria-label={`Plus-ones: ${allowance}${own === null ? '' : ' (custom)'}, change for ${name}`}
            onClick={() => onPlusOnes({ uid: row.uid, name, own })}
          >
            Plus-ones: {allowance}
            {own === null ? '' : ' (custom)'}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
