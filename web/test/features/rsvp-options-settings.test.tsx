import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RSVP_OPTION_MESSAGES, type GuestQuestion } from '@gatherly/domain/rsvp-options';
import { resetToasts } from '../../src/lib/toast-store.ts';
import * as settingsData from '../../src/features/settings/data.ts';
import { RsvpOptionsCard } from '../../src/features/settings/RsvpOptionsCard.tsx';
import { ApiError } from '../../src/lib/api.ts';
import { resetWriteQueue } from '../../src/lib/offline/write-queue.ts';
import { renderScreen } from '../render.tsx';
import { testDb } from './firebase-stub.ts';

vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => testDb,
}));
vi.mock('../../src/features/settings/data.ts', () => ({
  savePlusOnesAllowed: vi.fn(),
  saveGuestQuestions: vi.fn(),
}));
vi.mock('../../src/lib/offline/local-apply.ts', () => ({ appliedLocally: async () => undefined }));
const data = vi.mocked(settingsData);

/** Sets the stored questions as the live event document would (another admin's save). */
let storeLive: (next: GuestQuestion[]) => void = () => undefined;

function LiveCard({ plusOnes, initial }: { plusOnes: number; initial: GuestQuestion[] }) {
  const [questions, setQuestions] = useState(initial);
  useEffect(() => {
    storeLive = setQuestions;
  }, []);
  return <RsvpOptionsCard eventId="e1" plusOnesAllowed={plusOnes} questions={questions} />;
}

const render = (questions: GuestQuestion[] = [], plusOnes = 0) =>
  renderScreen(<LiveCard plusOnes={plusOnes} initial={questions} />);

const song: GuestQuestion = {
  id: 'song-request',
  label: 'Song request',
  kind: 'text',
  options: [],
  required: false,
};
const meal: GuestQuestion = {
  id: 'meal',
  label: 'Meal',
  kind: 'single',
  options: ['Fish', 'Pasta'],
  required: true,
};

const plusOnesField = () => screen.getByLabelText('Plus-ones per guest');
const questionBoxes = () => screen.queryAllByTestId('question-editor');
const saveButton = () => screen.getByRole('button', { name: 'Save questions' });

beforeEach(() => {
  data.savePlusOnesAllowed.mockResolvedValue(undefined);
  data.saveGuestQuestions.mockImplementation(async (_e, questions) =>
    questions.map((q) => ({ ...q, label: q.label.trim() })),
  );
});
afterEach(() => {
  resetToasts();
  resetWriteQueue();
  vi.clearAllMocks();
});

describe('RSVP Options: plus-ones', () => {
  it('saves the allowance on blur, only when it changed', async () => {
    render([], 1);
    expect(screen.getByRole('heading', { name: 'RSVP Options' })).toBeInTheDocument();
    expect(plusOnesField()).toHaveValue(1);
    fireEvent.blur(plusOnesField());
    expect(data.savePlusOnesAllowed).not.toHaveBeenCalled();
    fireEvent.change(plusOnesField(), { target: { value: '2' } });
    fireEvent.blur(plusOnesField());
    expect(data.savePlusOnesAllowed).toHaveBeenCalledWith(testDb, 'e1', 2);
    expect(await screen.findByText('✓ Saved')).toBeInTheDocument();
  });

  it("refuses values outside 0–10 with the domain's message, saving nothing", () => {
    render();
    for (const value of ['11', '-1', '1.5', '']) {
      fireEvent.change(plusOnesField(), { target: { value } });
      fireEvent.blur(plusOnesField());
      expect(screen.getByText(RSVP_OPTION_MESSAGES.plusOnesRange)).toBeInTheDocument();
    }
    expect(data.savePlusOnesAllowed).not.toHaveBeenCalled();
    fireEvent.change(plusOnesField(), { target: { value: '10' } });
    fireEvent.blur(plusOnesField());
    expect(screen.queryByText(RSVP_OPTION_MESSAGES.plusOnesRange)).not.toBeInTheDocument();
    expect(data.savePlusOnesAllowed).toHaveBeenCalledWith(testDb, 'e1', 10);
  });
});

describe('RSVP Options: questions', () => {
  it('adds a suggested question, makes it one required choice and saves the whole list', async () => {
    render([song]);
    expect(saveButton()).toBeDisabled();
    // The suggestion already asked is not offered again.
    expect(screen.queryByRole('button', { name: 'Song request' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dietary needs' }));
    const box = questionBoxes()[1]!;
    expect(within(box).getByLabelText(/Question text/)).toHaveValue('Dietary needs');
    expect(within(box).getByLabelText('Answer')).toHaveValue('multi');
    await userEvent.selectOptions(within(box).getByLabelText('Answer'), 'single');
    await userEvent.click(within(box).getByRole('checkbox', { name: 'Required' }));
    await userEvent.click(within(box).getByRole('button', { name: 'Remove option 5' }));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(data.saveGuestQuestions).toHaveBeenCalledWith('e1', [
        song,
        {
          id: 'dietary-needs',
          label: 'Dietary needs',
          kind: 'single',
          options: ['Vegetarian', 'Vegan', 'Gluten-free', 'Dairy-free'],
          required: true,
        },
      ]),
    );
    expect(await screen.findByText('Questions Saved')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it("shows the domain's messages beside the fields and sends nothing until they are fixed", async () => {
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    const box = questionBoxes()[0]!;
    await userEvent.selectOptions(within(box).getByLabelText('Answer'), 'multi');
    // Two empty option rows to start with.
    expect(within(box).getAllByRole('textbox', { name: /^Option \d$/ })).toHaveLength(2);
    await userEvent.type(within(box).getByLabelText('Option 1'), 'Yes');
    await userEvent.click(saveButton());
    expect(within(box).getByText(RSVP_OPTION_MESSAGES.questionLabelRequired)).toBeInTheDocument();
    expect(within(box).getByText(RSVP_OPTION_MESSAGES.questionOptions)).toBeInTheDocument();
    expect(screen.getByText('Please correct the questions marked above.')).toBeInTheDocument();
    expect(data.saveGuestQuestions).not.toHaveBeenCalled();
    // Errors follow the edits once shown.
    await userEvent.type(within(box).getByLabelText(/Question text/), 'Shuttle from the hotel?');
    expect(within(box).queryByText(RSVP_OPTION_MESSAGES.questionLabelRequired)).toBeNull();
    await userEvent.type(within(box).getByLabelText('Option 2'), 'yes');
    expect(within(box).getByText(RSVP_OPTION_MESSAGES.questionOptions)).toBeInTheDocument();
    await userEvent.type(
      within(box).getByLabelText('Option 2'),
      '{Backspace}{Backspace}{Backspace}No',
    );
    await userEvent.type(within(box).getByLabelText('Option 1'), 'x'.repeat(61));
    expect(within(box).getByText(RSVP_OPTION_MESSAGES.questionOptionTooLong)).toBeInTheDocument();
    await userEvent.clear(within(box).getByLabelText('Option 1'));
    await userEvent.type(within(box).getByLabelText('Option 1'), 'Yes');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(data.saveGuestQuestions).toHaveBeenCalledWith('e1', [
        {
          id: 'shuttle-from-the-hotel',
          label: 'Shuttle from the hotel?',
          kind: 'multi',
          options: ['Yes', 'No'],
          required: false,
        },
      ]),
    );
  });

  it('keeps ids when labels change, reorders, removes, and never reuses a stored id', async () => {
    render([song, meal]);
    const [first, second] = questionBoxes();
    await userEvent.clear(within(first!).getByLabelText(/Question text/));
    await userEvent.type(within(first!).getByLabelText(/Question text/), 'A song for the dance');
    expect(screen.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move question 2 down' })).toBeDisabled();
    await userEvent.click(within(second!).getByRole('button', { name: 'Move question 2 up' }));
    expect(within(questionBoxes()[0]!).getByLabelText(/Question text/)).toHaveValue('Meal');
    // Remove Meal, then ask a new "Meal": its answers are not the removed question's.
    await userEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    const added = questionBoxes()[1]!;
    await userEvent.type(within(added).getByLabelText(/Question text/), 'Meal');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(data.saveGuestQuestions).toHaveBeenCalledWith('e1', [
        { ...song, label: 'A song for the dance' },
        { id: 'meal-2', label: 'Meal', kind: 'text', options: [], required: false },
      ]),
    );
  });

  it('shows the server refusal as a sentence and keeps the edits', async () => {
    data.saveGuestQuestions.mockRejectedValue(
      new ApiError(403, 'Only event admins can change event settings'),
    );
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Accessibility needs' }));
    await userEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only event admins can change event settings',
    );
    expect(questionBoxes()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(questionBoxes()).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('allows at most 10 questions', async () => {
    render();
    for (let i = 0; i < 10; i += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    }
    expect(questionBoxes()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Add question' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Dietary needs' })).not.toBeInTheDocument();
    expect(screen.getByText(`${RSVP_OPTION_MESSAGES.tooManyQuestions}.`)).toBeInTheDocument();
  });

  it("follows another admin's save unless this editor holds unsaved changes", async () => {
    render([song]);
    act(() => storeLive([song, meal]));
    expect(await screen.findByDisplayValue('Meal')).toBeInTheDocument();
    await userEvent.type(within(questionBoxes()[0]!).getByLabelText(/Question text/), '!');
    act(() => storeLive([meal]));
    // The draft stays; nothing is lost under the user's hands.
    expect(screen.getByDisplayValue('Song request!')).toBeInTheDocument();
    expect(questionBoxes()).toHaveLength(2);
  });
});
