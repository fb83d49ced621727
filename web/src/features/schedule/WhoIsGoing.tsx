import { Box, Button, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { documentId } from 'firebase/firestore';
import { itemAnswersQuery, membersRef } from '../../lib/db/refs.ts';
import { useDb, useLiveDocsIn, usePagedQuery } from '../../lib/live/index.ts';

/** Names per page: one bounded read however many are going. */
export const WHO_IS_GOING_PAGE = 20;

/**
 * "Who's going" under a schedule item's count (docs/product.md, "Guest list"): the names load
 * when asked for, so the dashboard's cost stays the same with 20 items of 1,000 answers each.
 * A page is the item's own answers (the rules check its guest groups there) and the members
 * they belong to, for the names.
 */
export function WhoIsGoing({
  eventId,
  itemId,
  going,
}: {
  eventId: string;
  itemId: string;
  going: number;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (going === 0) return null;
  return (
    <Box mt="1">
      <Button
        size="xs"
        variant="plain"
        px="0"
        h="auto"
        color="fg.muted"
        textDecoration="underline"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? "Hide who's going" : "See who's going"}
      </Button>
      {open && <GoingNames id={listId} eventId={eventId} itemId={itemId} going={going} />}
    </Box>
  );
}

function GoingNames({
  id,
  eventId,
  itemId,
  going,
}: {
  id: string;
  eventId: string;
  itemId: string;
  going: number;
}) {
  const db = useDb();
  const pages = usePagedQuery(itemAnswersQuery(db, eventId, itemId, 'going'), WHO_IS_GOING_PAGE);
  const { items, setVisibleRange } = pages;
  const ids = useMemo(() => items.map((a) => a.userId), [items]);
  const members = useLiveDocsIn(membersRef(db, eventId), documentId(), ids);
  // Every loaded name stays live: an answer changed elsewhere moves it in or out.
  useEffect(
    () => setVisibleRange(0, Math.max(items.length - 1, 0)),
    [items.length, setVisibleRange],
  );
  if (pages.error) {
    return (
      <Text id={id} fontSize="sm" color="fg.error">
        Could not load who's going. Please try again.
      </Text>
    );
  }
  if (pages.loading || members.loading) {
    return (
      <Text id={id} fontSize="sm" color="fg.muted">
        Loading...
      </Text>
    );
  }
  // A member bringing guests counts them: "Sam Lee (+2)".
  const names = items.map((a) => {
    const guests = a.party?.guests.length ?? 0;
    const name = members.docs.get(a.userId)?.user.displayName;
    return `${name || 'Guest'}${guests ? ` (+${guests})` : ''}`;
  });
  const rest = Math.max(going - names.length, 0);
  return (
    <Box id={id} fontSize="sm" data-testid="who-is-going">
      <Text>
        {names.join(', ')}
        {rest > 0 && !pages.hasMore ? ` and ${rest} more` : ''}
      </Text>
      {pages.hasMore && (
        <Button
          size="xs"
          variant="ghost"
          px="1"
          loading={pages.loadingMore}
          onClick={pages.loadMore}
        >
          Show {Math.min(rest, WHO_IS_GOING_PAGE)} more
        </Button>
      )}
    </Box>
  );
}
