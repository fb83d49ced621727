// A guest's "Your table" card (docs/product.md, "Seating"): asked only on the day of an item
// they are Going to (in the event's zone), shown only when the server names a table.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { YourTableCard } from '../../src/features/seating/YourTableCard.tsx';
import { apiRequest } from '../../src/lib/api.ts';
import { routeApi } from '../api-mock.ts';
import { renderScreen } from '../render.tsx';

vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

afterEach(() => vi.clearAllMocks());

const today = new Date().toISOString();
const mine = (scheduleId: string) => `GET /api/events/e1/schedule/${scheduleId}/seating/mine`;

describe('your table', () => {
  it('shows the table and tablemates on the day of the item', async () => {
    routeApi(api, {
      [mine('s1')]: () => ({
        table: { name: 'Family', number: 7, label: 'Table 7 · Family' },
        tablemates: ['Ben Party', 'Cleo Party'],
      }),
    });
    renderScreen(
      <YourTableCard
        eventId="e1"
        timeZone="UTC"
        items={[{ id: 's1', title: 'Reception', startTime: today }]}
      />,
    );
    const card = await screen.findByTestId('your-table');
    expect(card).toHaveTextContent('Your table: 7');
    expect(card).toHaveTextContent('Table 7 · Family');
    expect(card).toHaveTextContent('At your table: Ben Party, Cleo Party.');
  });

  it('asks nothing on other days and shows nothing without a table', async () => {
    routeApi(api, { [mine('s2')]: () => ({ table: null, tablemates: [] }) });
    const { container } = renderScreen(
      <YourTableCard
        eventId="e1"
        timeZone="UTC"
        items={[
          { id: 's1', title: 'Brunch', startTime: '2099-06-13T10:00:00.000Z' },
          { id: 's2', title: 'Reception', startTime: today },
        ]}
      />,
    );
    await waitFor(() => expect(api).toHaveBeenCalledTimes(1));
    expect(api.mock.calls[0]?.[1]).toBe('/api/events/e1/schedule/s2/seating/mine');
    expect(container.querySelector('[data-testid="your-table"]')).toBeNull();
  });
});
