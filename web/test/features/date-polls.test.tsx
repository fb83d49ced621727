// Date polls (docs/product.md, "Date polls"): the answer grid (best first, highlighted, the
// viewer's answers, the pick for admins) and the Propose dates dialog's checks, which say the
// server's sentences before sending anything and send instants of the days in the event's zone.
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PollOption } from '@gatherly/domain/entities/polls';
import { POLL_MESSAGES, formatPollOption, rankOptions } from '@gatherly/domain/polls';
import { system } from '../../src/app/system.ts';
import { Toaster } from '../../src/components/toaster.tsx';
import { DatePolls } from '../../src/features/polls/DatePolls.tsx';
import { PollAnswerGrid } from '../../src/features/polls/PollAnswerGrid.tsx';
import ProposeDatesDialog from '../../src/features/polls/ProposeDatesDialog.tsx';
import EditPollDialog from '../../src/features/polls/EditPollDialog.tsx';
import { pollFormRequest } from '../../src/features/polls/poll-form.ts';
import { apiRequest } from '../../src/lib/api.ts';
import * as pollData from '../../src/features/polls/data.ts';
import { resetToasts } from '../../src/lib/toast-store.ts';
import type { PollDoc } from '../../src/lib/types.ts';
import { testDb } from './firebase-stub.ts';
import { routeApi } from '../api-mock.ts';

vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => testDb,
}));
vi.mock('../../src/features/polls/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/polls/data.ts')>()),
  useOpenPolls: vi.fn(),
  usePollTallies: vi.fn(),
}));
vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

afterEach(() => {
  resetToasts();
  vi.clearAllMocks();
});

const LA = 'America/Los_Angeles';
// Whole days: midnight in Los Angeles (PDT in June).
const OPTIONS: PollOption[] = [
  { id: 'opta', start: '2027-06-05T07:00:00.000Z', end: '2027-06-06T07:00:00.000Z', allDay: true },
  { id: 'optb', start: '2027-06-12T07:00:00.000Z', end: '2027-06-13T07:00:00.000Z', allDay: true },
  { id: 'optc', start: '2027-06-19T19:00:00.000Z', end: null, allDay: false },
];

function renderGrid(props: Partial<Parameters<typeof PollAnswerGrid>[0]> = {}) {
  const onAnswer = vi.fn();
  const onPick = vi.fn();
  const ranked = rankOptions(OPTIONS, {
    opta: { yes: 1, ifNeedBe: 1, no: 1 },
    optb: { yes: 2, ifNeedBe: 1, no: 0 },
    optc: { yes: 2, ifNeedBe: 0, no: 1 },
  });
  render(
    <ChakraProvider value={system}>
      <PollAnswerGrid
        ranked={ranked}
        answers={{ optb: 'yes', opta: 'no' }}
        timeZone={LA}
        canAnswer
        canPick={false}
        onAnswer={onAnswer}
        onPick={onPick}
        {...props}
      />
    </ChakraProvider>,
  );
  return { onAnswer, onPick };
}

describe('the answer grid', () => {
  it('lists the dates best first in the event zone, highlights the best and shows the counts', () => {
    renderGrid();
    const rows = screen.getAllByTestId('poll-option');
    expect(rows.map((r) => within(r).getByTestId('poll-option-label').textContent)).toEqual([
      'Sat, June 12, 2027 – Sun, June 13, 2027',
      'Sat, June 19, 2027, 12:00 PM PDT',
      'Sat, June 5, 2027 – Sun, June 6, 2027',
    ]);
    expect(rows.map((r) => r.dataset.best)).toEqual(['true', 'false', 'false']);
    expect(within(rows[0]!).getByText('Best so far')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('poll-option-counts')).toHaveTextContent(
      '2 yes · 1 if need be · 0 no',
    );
  });

  it("shows the viewer's answers and sends a changed one", async () => {
    const { onAnswer } = renderGrid();
    const june12 = screen.getByRole('group', {
      name: 'Your answer for Sat, June 12, 2027 – Sun, June 13, 2027',
    });
    expect(within(june12).getByRole('button', { name: 'Yes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(june12).getByRole('button', { name: 'No' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // The answer already given sends nothing; another one does.
    await userEvent.click(within(june12).getByRole('button', { name: 'Yes' }));
    expect(onAnswer).not.toHaveBeenCalled();
    await userEvent.click(within(june12).getByRole('button', { name: 'If need be' }));
    expect(onAnswer).toHaveBeenCalledWith('optb', 'ifNeedBe');
    const june19 = screen.getByRole('group', { name: /June 19/ });
    await userEvent.click(within(june19).getByRole('button', { name: 'No' }));
    expect(onAnswer).toHaveBeenLastCalledWith('optc', 'no');
  });

  it('offers the pick to admins only, and no answers once answers are closed', async () => {
    const { onPick } = renderGrid({ canPick: true, canAnswer: false });
    for (const b of screen.getAllByRole('button', { name: 'Yes' })) expect(b).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /^Pick this date: Sat, June 12/ }));
    expect(onPick).toHaveBeenCalledWith(OPTIONS[1]);
  });

  it('says which answers are still on their way', () => {
    renderGrid({ saving: ['optb'] });
    const [june12, june19] = screen.getAllByTestId('poll-option');
    expect(june12).toHaveAttribute('data-saving', 'true');
    expect(within(june12!).getByTestId('poll-option-counts')).toHaveTextContent('Saving...');
    expect(june19).toHaveAttribute('data-saving', 'false');
    expect(within(june19!).getByTestId('poll-option-counts')).not.toHaveTextContent('Saving');
  });

  it('has no pick for members', () => {
    renderGrid();
    expect(screen.queryByRole('button', { name: /^Pick this date/ })).not.toBeInTheDocument();
  });

  it('highlights nothing before any Yes or If need be', () => {
    render(
      <ChakraProvider value={system}>
        <PollAnswerGrid
          ranked={rankOptions(OPTIONS, {})}
          answers={{}}
          timeZone={LA}
          canAnswer
          canPick={false}
          onAnswer={vi.fn()}
          onPick={vi.fn()}
        />
      </ChakraProvider>,
    );
    expect(screen.getAllByTestId('poll-option').map((r) => r.dataset.best)).toEqual([
      'false',
      'false',
      'false',
    ]);
  });
});

async function openDialog() {
  const onClose = vi.fn();
  render(
    <ChakraProvider value={system}>
      <ProposeDatesDialog
        eventId="e1"
        target={{ kind: 'event' }}
        subject="Lake Trip"
        timeZone={LA}
        onClose={onClose}
      />
      <Toaster />
    </ChakraProvider>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Propose dates' });
  const set = (label: string, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  const submit = () =>
    userEvent.click(within(dialog).getByRole('button', { name: 'Start the poll' }));
  return { dialog, set, submit, onClose };
}

describe('the Propose dates dialog', () => {
  it("names the event's time zone with its label", async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent(/time zone: Pacific Time \(P[DS]T\)/);
  });

  it('asks for two dates before sending anything', async () => {
    const { dialog, set, submit } = await openDialog();
    await submit();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(POLL_MESSAGES.optionCount);
    set('Date 1 starts', '2027-06-05');
    await submit();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(POLL_MESSAGES.optionCount);
    expect(api).not.toHaveBeenCalled();
  });

  it('says which date ends before it starts, and which is proposed twice', async () => {
    const { dialog, set, submit } = await openDialog();
    set('Date 1 starts', '2027-06-05');
    set('Date 2 starts', '2027-06-12');
    set('Date 2 ends', '2027-06-11');
    await submit();
    const rows = within(dialog).getAllByTestId('poll-date-row');
    expect(within(rows[1]!).getByRole('alert')).toHaveTextContent(POLL_MESSAGES.endBeforeStart);
    set('Date 2 ends', '');
    set('Date 2 starts', '2027-06-05');
    await submit();
    expect(within(rows[1]!).getByRole('alert')).toHaveTextContent(POLL_MESSAGES.duplicate);
    expect(within(rows[0]!).queryByRole('alert')).not.toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('needs a start for a date with only an end, and a deadline ahead', async () => {
    const { dialog, set, submit } = await openDialog();
    set('Date 1 starts', '2027-06-05');
    set('Date 2 ends', '2027-06-13');
    await submit();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(POLL_MESSAGES.startRequired);
    set('Date 2 starts', '2027-06-12');
    set('Answers close', '2020-01-01T12:00');
    await submit();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(POLL_MESSAGES.deadlinePast);
    expect(api).not.toHaveBeenCalled();
  });

  it('sends the days as midnights in the event zone, a one-day range as one day', async () => {
    const sent = vi.fn<(body: unknown) => unknown>(() => ({ poll: {} }));
    routeApi(api, { 'POST /api/events/e1/polls': sent });
    const { dialog, set, submit, onClose } = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Question (optional)'), 'Which weekend?');
    set('Date 1 starts', '2027-06-05');
    set('Date 1 ends', '2027-06-06');
    set('Date 2 starts', '2027-06-12');
    set('Date 2 ends', '2027-06-12');
    await submit();
    expect(sent).toHaveBeenCalledWith({
      scheduleId: null,
      title: 'Which weekend?',
      options: [
        { start: '2027-06-05T07:00:00.000Z', end: '2027-06-06T07:00:00.000Z', allDay: true },
        { start: '2027-06-12T07:00:00.000Z', end: null, allDay: true },
      ],
      deadline: null,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("keeps what was typed and shows the server's sentence when it refuses", async () => {
    const { ApiError } = await import('../../src/lib/api.ts');
    routeApi(api, {
      'POST /api/events/e1/polls': () => {
        throw new ApiError(409, POLL_MESSAGES.eventHasDates);
      },
    });
    const { dialog, set, submit, onClose } = await openDialog();
    set('Date 1 starts', '2027-06-05');
    set('Date 2 starts', '2027-06-12');
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(POLL_MESSAGES.eventHasDates);
    expect(within(dialog).getByLabelText('Date 2 starts')).toHaveValue('2027-06-12');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the form request', () => {
  it('reads times of day as wall-clock times in the event zone', () => {
    const result = pollFormRequest(
      {
        rows: [
          { key: 1, start: '2027-06-05T19:00', end: '2027-06-05T22:00' },
          { key: 2, start: '2027-06-12T19:00', end: '' },
        ],
        withTimes: true,
        deadline: '2027-06-01T12:00',
      },
      LA,
      new Date('2027-05-01T00:00:00Z'),
    );
    expect(result).toEqual({
      ok: true,
      options: [
        { start: '2027-06-06T02:00:00.000Z', end: '2027-06-06T05:00:00.000Z', allDay: false },
        { start: '2027-06-13T02:00:00.000Z', end: null, allDay: false },
      ],
      deadline: '2027-06-01T19:00:00.000Z',
    });
  });
});

describe('the dashboard polls', () => {
  const poll = (over: Partial<PollDoc> = {}): PollDoc => ({
    id: 'event',
    eventId: 'e1',
    target: { kind: 'event' },
    title: 'Which weekend works?',
    audience: 'everyone',
    groupAccess: {},
    options: OPTIONS,
    deadline: null,
    status: 'open',
    chosenOptionId: null,
    createdBy: 'u0',
    createdAt: null,
    closedAt: null,
    reminderDueAt: null,
    announcedCount: null,
    ...over,
  });
  /** The open polls query answers `polls`; each has 2 Yes on June 12; no own ballot yet. */
  function renderPolls(props: { isAdmin: boolean; datesTbd: boolean; polls: PollDoc[] }) {
    vi.mocked(pollData.useOpenPolls).mockReturnValue({ loading: false, polls: props.polls });
    vi.mocked(pollData.usePollTallies).mockReturnValue({
      loading: false,
      ranked: rankOptions(OPTIONS, { optb: { yes: 2, ifNeedBe: 0, no: 0 } }),
      voters: 2,
      mine: undefined,
    });
    render(
      <ChakraProvider value={system}>
        <DatePolls
          eventId="e1"
          eventName="Lake Trip"
          uid="u1"
          timeZone={LA}
          showNames
          itemTitles={new Map([['s1', 'Dinner']])}
          {...props}
        />
      </ChakraProvider>,
    );
  }

  it('shows members the open poll with its live counts, and no pick', () => {
    renderPolls({ isAdmin: false, datesTbd: true, polls: [poll()] });
    expect(screen.getByRole('heading', { name: 'Which weekend works?' })).toBeInTheDocument();
    expect(screen.getByTestId('date-poll')).toHaveTextContent('2 members have answered');
    expect(screen.getByTestId('date-poll')).toHaveTextContent('Dates in Pacific Time (PDT)');
    expect(screen.getAllByTestId('poll-option')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Pick this date/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose dates' })).not.toBeInTheDocument();
  });

  it('offers admins a poll while the dates are TBD and there is none, never to members', () => {
    renderPolls({ isAdmin: true, datesTbd: true, polls: [] });
    expect(screen.getByRole('button', { name: 'Propose dates' })).toBeInTheDocument();
    cleanup();
    renderPolls({ isAdmin: false, datesTbd: true, polls: [] });
    expect(screen.queryByRole('button', { name: 'Propose dates' })).not.toBeInTheDocument();
    cleanup();
    renderPolls({ isAdmin: true, datesTbd: false, polls: [] });
    expect(screen.queryByRole('button', { name: 'Propose dates' })).not.toBeInTheDocument();
  });

  it("names an item's poll after the item, the event's first", () => {
    renderPolls({
      isAdmin: true,
      datesTbd: false,
      polls: [poll({ id: 'item-s1', title: '', target: { kind: 'schedule', scheduleId: 's1' } })],
    });
    expect(screen.getByRole('heading', { name: 'When should Dinner be?' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Pick this date/ })).toHaveLength(3);
  });
});

describe('the Edit poll dialog', () => {
  const editable = (options: PollOption[] = OPTIONS.slice(0, 2)): PollDoc => ({
    id: 'event',
    eventId: 'e1',
    target: { kind: 'event' },
    title: 'Which weekend works?',
    audience: 'everyone',
    groupAccess: {},
    options,
    deadline: '2027-05-20T19:00:00.000Z',
    status: 'open',
    chosenOptionId: null,
    createdBy: 'u0',
    createdAt: null,
    closedAt: null,
    reminderDueAt: null,
    announcedCount: null,
  });

  async function openEdit(poll: PollDoc) {
    const onClose = vi.fn();
    const ranked = rankOptions(poll.options, { opta: { yes: 2, ifNeedBe: 1, no: 0 } });
    render(
      <ChakraProvider value={system}>
        <EditPollDialog eventId="e1" poll={poll} ranked={ranked} timeZone={LA} onClose={onClose} />
        <Toaster />
      </ChakraProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit poll' });
    const set = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    const save = () => userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    return { dialog, set, save, onClose };
  }

  it('keeps the dates as they are, adds new ones in the poll’s kind and moves the deadline', async () => {
    const sent = vi.fn<(body: unknown) => unknown>(() => ({ poll: {} }));
    routeApi(api, { 'PUT /api/events/e1/polls/event': sent });
    const { dialog, set, save, onClose } = await openEdit(editable());
    // The deadline is shown in the event's zone.
    expect(within(dialog).getByLabelText('Answers close')).toHaveValue('2027-05-20T12:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a date' }));
    set('New date 1 starts', '2027-06-26');
    set('New date 1 ends', '2027-06-27');
    set('Answers close', '2027-05-25T18:00');
    await save();
    expect(sent).toHaveBeenCalledWith({
      title: 'Which weekend works?',
      options: [
        { id: 'opta', start: OPTIONS[0]!.start, end: OPTIONS[0]!.end, allDay: true },
        { id: 'optb', start: OPTIONS[1]!.start, end: OPTIONS[1]!.end, allDay: true },
        { start: '2027-06-26T07:00:00.000Z', end: '2027-06-27T07:00:00.000Z', allDay: true },
      ],
      deadline: '2027-05-26T01:00:00.000Z',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says what removing an answered date drops, and keeps at least two dates', async () => {
    const { dialog, save } = await openEdit(editable());
    const first = formatPollOption(OPTIONS[0]!, LA);
    await userEvent.click(within(dialog).getByRole('button', { name: `Remove ${first}` }));
    expect(dialog).toHaveTextContent('3 answers to this date will be dropped.');
    await save();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(POLL_MESSAGES.optionCount);
    expect(api).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: `Keep ${first}` }));
    expect(dialog).not.toHaveTextContent('will be dropped');
  });

  it('offers no 21st date', async () => {
    const twenty = Array.from({ length: 19 }, (_, i): PollOption => ({
      id: `opt${String(i).padStart(2, '0')}`,
      start: new Date(Date.UTC(2027, 6, 1 + i, 7)).toISOString(),
      end: null,
      allDay: true,
    }));
    const { dialog } = await openEdit(editable(twenty));
    const add = within(dialog).getByRole('button', { name: 'Add a date' });
    await userEvent.click(add);
    expect(add).toBeDisabled();
    expect(dialog).toHaveTextContent('A poll has at most 20 dates.');
  });
});
