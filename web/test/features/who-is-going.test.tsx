// "See who's going" under a schedule item: the item's own answers (where the rules check its
// guest groups), named from the members they belong to, with the guests each member brings
// (docs/product.md, "Plus-ones, questions and waitlists").
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Query } from 'firebase/firestore';
import { system } from '../../src/app/system.ts';
import { WhoIsGoing } from '../../src/features/schedule/WhoIsGoing.tsx';
import type { MemberDoc, RsvpDoc } from '../../src/lib/types.ts';
import { testDb } from './firebase-stub.ts';

const answer = (uid: string, guests: string[]): RsvpDoc => ({
  eventId: 'e1',
  scheduleId: 's1',
  userId: uid,
  status: 'going',
  respondedAt: null,
  ...(guests.length
    ? { party: { size: 1 + guests.length, guests: guests.map((g) => ({ name: g, child: false })) } }
    : {}),
});

const member = (uid: string, name: string) =>
  ({ userId: uid, user: { displayName: name } }) as unknown as MemberDoc;

const pathsRead: string[] = [];

vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => testDb,
  usePagedQuery: (q: Query) => {
    // The query is the item's answers, never the members' answer maps.
    pathsRead.push(
      (
        q as unknown as { _query: { path: { canonicalString(): string } } }
      )._query.path.canonicalString(),
    );
    return {
      items: [answer('u1', ['Pia']), answer('u2', []), answer('u3', ['Bo', 'Cy'])],
      loading: false,
      loadingMore: false,
      hasMore: false,
      error: null,
      loadMore: () => undefined,
      setVisibleRange: () => undefined,
    };
  },
  useLiveDocsIn: () => ({
    loading: false,
    docs: new Map([
      ['u1', member('u1', 'Gus Guest')],
      ['u2', member('u2', 'Wes Guest')],
      ['u3', member('u3', 'Ana')],
    ]),
  }),
}));

describe("who's going", () => {
  it('names each member going and counts the guests they bring', async () => {
    render(
      <ChakraProvider value={system}>
        <WhoIsGoing eventId="e1" itemId="s1" going={3} />
      </ChakraProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: "See who's going" }));
    expect(screen.getByTestId('who-is-going')).toHaveTextContent(
      'Gus Guest (+1), Wes Guest, Ana (+2)',
    );
    expect(new Set(pathsRead)).toEqual(new Set(['events/e1/schedule/s1/rsvps']));
  });
});
