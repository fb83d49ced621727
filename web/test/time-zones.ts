// Helpers for screens that show or enter times in a zone.
import { fireEvent, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

export const valueOf = (input: HTMLElement) => (input as HTMLInputElement).value;

/**
 * Searches a zone picker and picks an option. The search text goes in as one change: the
 * combobox writes its input itself between keystrokes, which user-event's typing in jsdom does
 * not follow (a browser does; journey 10 types into it).
 */
export async function pickZone(input: HTMLElement, search: string, option: RegExp) {
  await waitFor(() => expect(input).not.toBeDisabled());
  // Focused and typed into, the list opens filtered (clicking first would render every zone).
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: search } });
  // Plain selectors: role queries over a dialog full of options are slow in jsdom.
  const options = () => [...document.querySelectorAll<HTMLElement>('[role="option"]')];
  await waitFor(() => expect(options().length).toBeLessThan(20));
  const match = options().find((o) => option.test(o.textContent ?? ''));
  if (!match) throw new Error(`no zone option matches ${String(option)}`);
  await userEvent.click(match);
}

/** Runs `body` with the device (process) in `zone`, then back in UTC (web/vitest.config.ts). */
export async function inDeviceZone<T>(zone: string, body: () => Promise<T>): Promise<T> {
  process.env.TZ = zone;
  try {
    return await body();
  } finally {
    process.env.TZ = 'UTC';
  }
}
