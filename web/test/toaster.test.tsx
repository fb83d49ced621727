import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { system } from '../src/app/system.ts';
import { resetToasts, showToast } from '../src/lib/toast-store.ts';
import { Toaster } from '../src/components/toaster.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <ChakraProvider value={system}>
      <Toaster />
    </ChakraProvider>,
  );
});
afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('Toaster', () => {
  it('shows one toast at a time, the newest', () => {
    act(() => void showToast({ title: 'First', status: 'info' }));
    act(() => void showToast({ title: 'Second', description: 'details', status: 'success' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getByText('details')).toBeInTheDocument();
  });

  it('closes after 5 s', () => {
    act(() => void showToast({ title: 'Bye', status: 'info' }));
    advance(4999);
    expect(screen.getByText('Bye')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Bye')).not.toBeInTheDocument();
  });

  it('pauses while hovered and resumes with the time left', () => {
    act(() => void showToast({ title: 'Hover me', status: 'error' }));
    advance(3000);
    const toast = screen.getByRole('status');
    fireEvent.mouseEnter(toast);
    advance(10_000);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    fireEvent.mouseLeave(toast);
    advance(1900);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    advance(200);
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('pauses while focused', () => {
    act(() => void showToast({ title: 'Focus me', status: 'info' }));
    fireEvent.focus(screen.getByRole('status'));
    advance(20_000);
    expect(screen.getByText('Focus me')).toBeInTheDocument();
  });

  it('dismisses on a swipe right of 50 px, not less', () => {
    act(() => void showToast({ title: 'Swipe', status: 'info' }));
    const toast = screen.getByRole('status');
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 140 });
    fireEvent.pointerUp(toast, { clientX: 149 });
    expect(screen.getByText('Swipe')).toBeInTheDocument();
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerUp(toast, { clientX: 150 });
    expect(screen.queryByText('Swipe')).not.toBeInTheDocument();
  });

  it('closes from its close button, and F8 focuses the region', () => {
    act(() => void showToast({ title: 'Closable', status: 'success' }));
    fireEvent.keyDown(document, { key: 'F8' });
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
  });

  it('closes with Escape while focused', () => {
    act(() => void showToast({ title: 'Escapable', status: 'info' }));
    fireEvent.keyDown(screen.getByRole('status'), { key: 'Escape' });
    expect(screen.queryByText('Escapable')).not.toBeInTheDocument();
  });

  it('is a live region that is there before any toast, with status items (no list markup)', () => {
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => void showToast({ title: 'Announced', status: 'error' }));
    const toast = within(region).getByRole('status');
    expect(toast).toHaveTextContent('Announced');
    expect(toast).toHaveAttribute('aria-live', 'assertive');
    expect(region.querySelector('ol, ul, li')).toBeNull();
  });
});
