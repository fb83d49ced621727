import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import type { PollOption } from '@gatherly/domain/entities/polls';
import { POLL_ANSWERS, POLL_ANSWER_LABELS, formatPollOption } from '@gatherly/domain/polls';
import { useDb, usePagedQuery } from '../../lib/live/index.ts';
import { BALLOT_PAGE, ballotsByName } from './data.ts';

/**
 * "Who answered what" (shown to admins, and to everyone while "Guests can see who's going" is
 * on): the names load when asked for, a page at a time, so the poll's cost stays the same with
 * 1,000 members.
 */
export function WhoAnswered({
  eventId,
  pollId,
  options,
  voters,
  timeZone,
}: {
  eventId: string;
  pollId: string;
  options: readonly PollOption[];
  voters: number;
  timeZone: string;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (voters === 0) return null;
  return (
    <Box>
      <Button
        size="sm"
        variant="plain"
        px="0"
        h="auto"
        color="fg.muted"
        textDecoration="underline"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide who answered what' : 'See who answered what'}
      </Button>
      {open && (
        <Names
          id={listId}
          eventId={eventId}
          pollId={pollId}
          options={options}
          voters={voters}
          timeZone={timeZone}
        />
      )}
    </Box>
  );
}

function Names({
  id,
  eventId,
  pollId,
  options,
  voters,
  timeZone,
}: {
  id: string;
  eventId: string;
  pollId: string;
  options: readonly PollOption[];
  voters: number;
  timeZone: string;
}) {
  const db = useDb();
  const pages = usePagedQuery(ballotsByName(db, eventId, pollId), BALLOT_PAGE);
  const { items, setVisibleRange } = pages;
  // Every loaded name stays live: a changed answer moves it at once.
  useEffect(
    () => setVisibleRange(0, Math.max(items.length - 1, 0)),
    [items.length, setVisibleRange],
  );
  if (pages.error) {
    return (
      <Text id={id} fontSize="sm" color="fg.error" mt="2">
        Could not load who answered. Please try again.
      </Text>
    );
  }
  if (pages.loading) {
    return (
      <Text id={id} fontSize="sm" color="fg.muted" mt="2">
        Loading...
      </Text>
    );
  }
  return (
    <Stack id={id} gap="3" mt="2" fontSize="sm" data-testid="poll-who-answered">
      {options.map((option) => (
        <Box key={option.id}>
          <Text fontWeight="medium">{formatPollOption(option, timeZone)}</Text>
          {POLL_ANSWERS.map((a) => {
            const names = items
              .filter((b) => b.answers[option.id] === a)
              .map((b) => b.user.displayName || 'Guest');
            return names.length > 0 ? (
              <Text
                key={a}
                color="fg.muted"
              >{`${POLL_ANSWER_LABELS[a]}: ${names.join(', ')}`}</Text>
            ) : null;
          })}
        </Box>
      ))}
      {pages.hasMore && (
        <Box>
          <Text color="fg.muted">{`Names of ${items.length} of ${voters} members shown.`}</Text>
          <Button
            size="xs"
            variant="ghost"
            px="1"
            loading={pages.loadingMore}
            onClick={pages.loadMore}
          >
            Show more
          </Button>
        </Box>
      )}
    </Stack>
  );
}
