// "Your table: 7" on a guest's dashboard (docs/product.md, "Seating"): on the day of an item
// they are Going to, when the host shows guests their table. One O(1) request per such item
// (GET …/seating/mine); the server decides whether there is a table to show.
import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { calendarDaysBetween, type TimeLike } from '@gatherly/domain/dates';
import { yourTableText, type MySeat } from '@gatherly/domain/seating';
import { loadMySeat } from './data.ts';

export interface SeatedItem {
  id: string;
  title: string;
  startTime: TimeLike | null;
}

/** The items whose day it is in the event's zone. */
export function itemsToday<T extends SeatedItem>(
  items: readonly T[],
  timeZone: string,
  now = new Date(),
): T[] {
  return items.filter(
    (i) => i.startTime !== null && calendarDaysBetween(now, i.startTime, timeZone) === 0,
  );
}

export function YourTableCard({
  eventId,
  timeZone,
  items,
}: {
  eventId: string;
  timeZone: string;
  /** Items the viewer is Going to. */
  items: readonly SeatedItem[];
}) {
  const today = itemsToday(items, timeZone);
  const key = today.map((i) => i.id).join(',');
  const [seats, setSeats] = useState<Array<{ item: SeatedItem; seat: MySeat }>>([]);
  useEffect(() => {
    let live = true;
    const ids = key ? key.split(',') : [];
    Promise.all(
      ids.map((scheduleId) =>
        loadMySeat({ eventId, scheduleId }).then(
          (seat) => ({ scheduleId, seat }),
          (err: unknown) => {
            // The card is a convenience: without an answer it does not show.
            console.error('Loading your table failed', err);
            return { scheduleId, seat: { table: null, tablemates: [] } as MySeat };
          },
        ),
      ),
    ).then(
      (answers) => {
        if (!live) return;
        setSeats(
          answers.flatMap(({ scheduleId, seat }) => {
            const item = today.find((i) => i.id === scheduleId);
            return item && seat.table ? [{ item, seat }] : [];
          }),
        );
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names the items; `today` is rebuilt each render
  }, [eventId, key]);
  if (seats.length === 0) return null;
  return (
    <Stack gap="3">
      {seats.map(({ item, seat }) =>
        seat.table ? (
          <Card.Root key={item.id} data-testid="your-table" borderColor="brand.solid">
            <Card.Body>
              <Text fontSize="sm" color="fg.muted">
                {item.title}
              </Text>
              <Heading size="2xl">{yourTableText(seat.table)}</Heading>
              {seat.table.number !== null && seat.table.label !== `Table ${seat.table.number}` && (
                <Text color="fg.muted">{seat.table.label}</Text>
              )}
              <Text mt="2" fontSize="sm">
                {seat.tablemates.length
                  ? `At your table: ${seat.tablemates.join(', ')}.`
                  : 'Nobody else is seated at your table yet.'}
              </Text>
            </Card.Body>
          </Card.Root>
        ) : null,
      )}
    </Stack>
  );
}
