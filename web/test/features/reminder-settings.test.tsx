import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REMINDER_HOURS_MESSAGE } from '@gatherly/domain/email/reminder-settings';
import type { ReminderSettings } from '@gatherly/domain/entities/events';
import { resetToasts } from '../../src/lib/toast-store.ts';
import * as settingsData from '../../src/features/settings/data.ts';
import { RemindersCard } from '../../src/features/settings/RemindersCard.tsx';
import { resetWriteQueue } from '../../src/lib/offline/write-queue.ts';
import { renderScreen } from '../render.tsx';
import { testDb } from './firebase-stub.ts';

vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => testDb,
}));
vi.mock('../../src/features/settings/data.ts', () => ({ saveReminderSettings: vi.fn() }));
vi.mock('../../src/lib/offline/local-apply.ts', () => ({ appliedLocally: async () => undefined }));
const save = vi.mocked(settingsData.saveReminderSettings);

/** Sets the stored settings as the live event document would (another admin's write). */
let storeLive: (next: ReminderSettings) => void = () => undefined;

function LiveCard({ initial }: { initial: ReminderSettings | undefined }) {
  const [stored, setStored] = useState(initial);
  useEffect(() => {
    storeLive = setStored;
  }, []);
  return <RemindersCard eventId="e1" stored={stored} />;
}

function renderCard(stored: ReminderSettings | undefined) {
  return renderScreen(<LiveCard initial={stored} />);
}

const hoursField = () => screen.getByLabelText('Hours before each item');
const remindSwitch = () =>
  screen.getByRole('checkbox', { name: 'Remind members who have not answered' });
const summarySwitch = () =>
  screen.getByRole('checkbox', { name: 'Send a summary on the day to members who are going' });

// Braces: a function returned from beforeEach would run as its cleanup.
beforeEach(() => {
  save.mockResolvedValue(undefined);
});
afterEach(() => {
  resetToasts();
  resetWriteQueue();
  vi.clearAllMocks();
});

describe('RemindersCard', () => {
  it('shows the defaults (48 hours, summary on) for an event that never changed them', () => {
    renderCard(undefined);
    expect(screen.getByRole('heading', { name: 'E-mail Reminders' })).toBeInTheDocument();
    expect(remindSwitch()).toBeChecked();
    expect(hoursField()).toHaveValue(48);
    expect(summarySwitch()).toBeChecked();
  });

  it('saves new hours on blur, both fields in one write, and only when they changed', async () => {
    renderCard({ unansweredHoursBefore: 48, dayOfSummary: true });
    fireEvent.blur(hoursField());
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(hoursField(), { target: { value: '24' } });
    fireEvent.blur(hoursField());
    expect(save).toHaveBeenCalledWith(testDb, 'e1', {
      unansweredHoursBefore: 24,
      dayOfSummary: true,
    });
    expect(await screen.findByText('✓ Saved')).toBeInTheDocument();
  });

  it("refuses hours outside the domain's range with its message, saving nothing", () => {
    renderCard({ unansweredHoursBefore: 48, dayOfSummary: true });
    for (const value of ['0', '169', '2.5', '']) {
      fireEvent.change(hoursField(), { target: { value } });
      fireEvent.blur(hoursField());
      expect(screen.getByText(REMINDER_HOURS_MESSAGE)).toBeInTheDocument();
    }
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(hoursField(), { target: { value: '168' } });
    fireEvent.blur(hoursField());
    expect(screen.queryByText(REMINDER_HOURS_MESSAGE)).not.toBeInTheDocument();
    expect(save).toHaveBeenCalledWith(testDb, 'e1', {
      unansweredHoursBefore: 168,
      dayOfSummary: true,
    });
  });

  it('turns reminders off (null) and back on with the hours last chosen', async () => {
    renderCard({ unansweredHoursBefore: 12, dayOfSummary: true });
    await userEvent.click(remindSwitch());
    expect(save).toHaveBeenLastCalledWith(testDb, 'e1', {
      unansweredHoursBefore: null,
      dayOfSummary: true,
    });
    // The stored value arrives live.
    act(() => storeLive({ unansweredHoursBefore: null, dayOfSummary: true }));
    await waitFor(() => expect(remindSwitch()).not.toBeChecked());
    expect(screen.queryByLabelText('Hours before each item')).not.toBeInTheDocument();
    await userEvent.click(remindSwitch());
    expect(save).toHaveBeenLastCalledWith(testDb, 'e1', {
      unansweredHoursBefore: 12,
      dayOfSummary: true,
    });
  });

  it('switches the day-of summary', async () => {
    renderCard({ unansweredHoursBefore: 48, dayOfSummary: true });
    await userEvent.click(summarySwitch());
    expect(save).toHaveBeenCalledWith(testDb, 'e1', {
      unansweredHoursBefore: 48,
      dayOfSummary: false,
    });
  });

  it("shows another admin's change live", () => {
    renderCard({ unansweredHoursBefore: 48, dayOfSummary: true });
    act(() => storeLive({ unansweredHoursBefore: 6, dayOfSummary: false }));
    expect(hoursField()).toHaveValue(6);
    expect(summarySwitch()).not.toBeChecked();
  });

  it("says so when the save is refused (the settings cards' Save Failed)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    save.mockRejectedValue(Object.assign(new Error('x'), { code: 'permission-denied' }));
    renderCard(undefined);
    await userEvent.click(summarySwitch());
    expect(await screen.findByText('Save Failed')).toBeInTheDocument();
  });
});
