// "See who's going" under a schedule item: names from the answer maps, with the guests each
// member brings (docs/product.md, "Plus-ones, questions and waitlists").
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { system } from '../../src/app/system.ts';
import { WhoIsGoing } from '../../src/features/schedule/WhoIsGoing.tsx';
import type { RsvpsByUserDoc } from '../../src/lib/types.ts';
import { testDb } from './firebase-stub.ts';

const answer = (name: string, guests: string[]): RsvpsByUserDoc => ({
  id: name,
  eventId: 'e1',
  userId: name,
  user: { displayName: name, photoURL: '' },
  statuses: { s1: 'going' },
  parties: guests.length
    ? { s1: { size: 1 + guests.length, guests: guests.map((g) => ({ name: g, child: false })) } }
    : {},
  respondedAt: {},
  recordedBy: {},
});

vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => testDb,
  usePagedQuery: () => ({
    items: [answer('Gus Guest', ['Pia']), answer('Wes Guest', []), answer('Ana', ['Bo', 'Cy'])],
    loading: false,
    loadingMore: false,
    hasMore: false,
    error: null,
    loadMore: () => undefined,
    setVisibleRange: () => undefined,
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
  });
});
