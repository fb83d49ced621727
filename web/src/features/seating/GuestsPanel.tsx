import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState, type DragEvent } from 'react';
import type { GuestAnswers, GuestQuestion } from '@gatherly/domain/rsvp-options';
import type { PartyView, SeatingGroup } from '@gatherly/domain/seating';
import { Checkbox } from '../../components/chakra/Checkbox.ts';
import { Input } from '../../components/chakra/Input.ts';
import { NativeSelect } from '../../components/chakra/NativeSelect.ts';
import { personId } from './chart-edits.ts';
import { answerBadges, answerFilters, filterParties } from './guests.ts';

interface Props {
  parties: readonly PartyView[];
  questions: readonly GuestQuestion[];
  answers: Readonly<Partial<Record<string, GuestAnswers>>>;
  groups: readonly SeatingGroup[];
  tableLabels: ReadonlyMap<string, string>;
  selected: ReadonlySet<string>;
  onToggle(ids: string[], on: boolean): void;
  onDragPeople(e: DragEvent, ids: string[]): void;
  /** People dropped here go back to unassigned. */
  onDropUnassign(e: DragEvent): void;
}

/** The people to seat: every party Going to the item, kept together, splittable. */
export function GuestsPanel({
  parties,
  questions,
  answers,
  groups,
  tableLabels,
  selected,
  onToggle,
  onDragPeople,
  onDropUnassign,
}: Props) {
  const [search, setSearch] = useState('');
  const [unassignedOnly, setUnassignedOnly] = useState(false);
  const [answerKey, setAnswerKey] = useState('');
  const filters = useMemo(() => answerFilters(questions), [questions]);
  const answer = filters.find((f) => f.key === answerKey)?.filter ?? null;
  const [groupId, setGroupId] = useState('');
  const groupMembers = useMemo(() => {
    const found = groups.find((g) => g.id === groupId);
    return found ? new Set(found.memberIds) : null;
  }, [groups, groupId]);
  const shown = filterParties(parties, answers, {
    search,
    unassignedOnly,
    answer,
    group: groupMembers,
  });
  const [over, setOver] = useState(false);
  return (
    <Stack
      gap="3"
      data-testid="guests-panel"
      aria-label="Guests to seat"
      role="region"
      borderWidth="1px"
      borderRadius="l3"
      p="3"
      bg={over ? 'bg.muted' : undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        onDropUnassign(e);
      }}
    >
      <Text fontWeight="semibold">Guests to seat</Text>
      <Input
        size="sm"
        placeholder="Search guests"
        aria-label="Search guests"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <HStack gap="3" wrap="wrap">
        <Checkbox.Root
          size="sm"
          checked={unassignedOnly}
          onCheckedChange={(e) => setUnassignedOnly(e.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Unassigned only</Checkbox.Label>
        </Checkbox.Root>
        {filters.length > 0 && (
          <NativeSelect.Root size="sm" width="auto" flex="1" minW="40">
            <NativeSelect.Field
              aria-label="Filter by answer"
              value={answerKey}
              onChange={(e) => setAnswerKey(e.target.value)}
            >
              <option value="">Any answer</option>
              {filters.map((f) => (
                <option key={f.key} value={f.key}>
                  {f.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        {groups.length > 0 && (
          <NativeSelect.Root size="sm" width="auto" flex="1" minW="40">
            <NativeSelect.Field
              aria-label="Filter by group"
              value={groupId}
              onChange={(e) => setGroupId(e.target.value)}
            >
              <option value="">Every group</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
      </HStack>
      {parties.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Nobody is going to this item yet. Guests appear here as they answer Going.
        </Text>
      ) : shown.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No guests match.
        </Text>
      ) : (
        <Stack gap="2" as="ul" listStyleType="none">
          {shown.map((party) => (
            <PartyRow
              key={party.userId}
              party={party}
              badges={answerBadges(questions, answers[party.userId])}
              tableLabels={tableLabels}
              selected={selected}
              onToggle={onToggle}
              onDragPeople={onDragPeople}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PartyRow({
  party,
  badges,
  tableLabels,
  selected,
  onToggle,
  onDragPeople,
}: {
  party: PartyView;
  badges: string[];
  tableLabels: ReadonlyMap<string, string>;
  selected: ReadonlySet<string>;
  onToggle(ids: string[], on: boolean): void;
  onDragPeople(e: DragEvent, ids: string[]): void;
}) {
  const ids = party.people.map(personId);
  // The party is picked or dragged as one: its people still unassigned, or all when all are seated.
  const unseated = party.people.filter((p) => !p.tableId).map(personId);
  const whole = unseated.length > 0 ? unseated : ids;
  const allPicked = whole.every((id) => selected.has(id));
  const seatedAt = [...new Set(party.people.map((p) => p.tableId).filter((t) => t !== null))];
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="l2"
      p="2"
      data-testid="party"
      data-party={party.userId}
      draggable
      onDragStart={(e: DragEvent) => onDragPeople(e, whole)}
      cursor="grab"
    >
      <HStack justify="space-between" gap="2" align="start">
        <Box minW="0">
          <Text fontWeight="medium" fontSize="sm">
            {party.name}
            {party.people.length > 1 && (
              <Text as="span" color="fg.muted" fontWeight="normal">
                {' '}
                · party of {party.people.length}
              </Text>
            )}
          </Text>
          {seatedAt.length > 0 && (
            <Text fontSize="xs" color="fg.muted">
              {seatedAt.map((t) => tableLabels.get(t) ?? 'Table').join(', ')}
            </Text>
          )}
        </Box>
        <Button
          size="xs"
          variant={allPicked ? 'solid' : 'outline'}
          colorPalette="brand"
          aria-pressed={allPicked}
          aria-label={`Pick ${party.name}${party.people.length > 1 ? "'s party" : ''}`}
          onClick={() => onToggle(whole, !allPicked)}
        >
          Pick
        </Button>
      </HStack>
      {badges.length > 0 && (
        <HStack gap="1" wrap="wrap" mt="1">
          {badges.map((b) => (
            <Badge key={b} size="sm" colorPalette="purple" variant="subtle" maxW="full" truncate>
              {b}
            </Badge>
          ))}
        </HStack>
      )}
      {party.people.length > 1 && (
        <HStack gap="1" wrap="wrap" mt="2">
          {party.people.map((p) => {
            const id = personId(p);
            const on = selected.has(id);
            return (
              <Button
                key={id}
                size="2xs"
                variant={on ? 'solid' : p.tableId ? 'outline' : 'subtle'}
                colorPalette={on ? 'brand' : 'gray'}
                aria-pressed={on}
                // The visible name first, then where they sit (axe: label-content-name-mismatch).
                aria-label={`Pick ${p.name}${p.child ? ' (child)' : ''}, ${
                  p.tableId ? `at ${tableLabels.get(p.tableId) ?? 'a table'}` : 'unassigned'
                }`}
                draggable
                onDragStart={(e: DragEvent) => {
                  e.stopPropagation();
                  onDragPeople(e, selected.has(id) ? [...selected] : [id]);
                }}
                onClick={() => onToggle([id], !on)}
              >
                {p.name}
                {p.child && ' (child)'}
              </Button>
            );
          })}
        </HStack>
      )}
    </Box>
  );
}
