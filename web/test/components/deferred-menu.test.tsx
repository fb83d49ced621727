import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  DeferredMenu,
  deferredView,
  type MenuViewProps,
} from '../../src/components/DeferredMenu.tsx';

function View({ trigger, defaultOpen, label }: MenuViewProps & { label: string }) {
  return (
    <>
      {trigger}
      <p data-testid="view">
        {label} {defaultOpen ? 'open' : 'closed'}
      </p>
    </>
  );
}

function setup() {
  const load = vi.fn(() => Promise.resolve(View));
  const view = deferredView(load);
  render(
    <DeferredMenu
      view={view}
      props={{ label: 'menu' }}
      trigger={<button type="button">Options</button>}
    />,
  );
  return { load, button: () => screen.getByRole('button', { name: 'Options' }) };
}

describe('DeferredMenu', () => {
  it('renders a plain menu button and loads nothing until used', () => {
    const { load, button } = setup();
    expect(button()).toHaveAttribute('aria-haspopup', 'menu');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByTestId('view')).not.toBeInTheDocument();
  });

  it('starts loading on hover or focus, but keeps the plain button until pressed', async () => {
    const { load, button } = setup();
    const placeholder = button();
    fireEvent.pointerEnter(placeholder);
    act(() => placeholder.focus());
    await act(() => Promise.resolve());
    expect(load).toHaveBeenCalledTimes(1);
    expect(button()).toBe(placeholder);
    expect(screen.queryByTestId('view')).not.toBeInTheDocument();
  });

  it('opens the menu when pressed', async () => {
    const { button } = setup();
    const placeholder = button();
    fireEvent.click(placeholder);
    expect(await screen.findByTestId('view')).toHaveTextContent('menu open');
    expect(button()).not.toBe(placeholder);
  });

  it('opens on ArrowDown from the keyboard', async () => {
    const { button } = setup();
    fireEvent.keyDown(button(), { key: 'ArrowDown' });
    expect(await screen.findByTestId('view')).toHaveTextContent('menu open');
  });

  it('loads a view once for every menu that shows it, and retries a failed download', async () => {
    const load = vi
      .fn<() => Promise<typeof View>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(View);
    const view = deferredView(load);
    await expect(view.load()).rejects.toThrow('offline');
    await expect(view.load()).resolves.toBe(View);
    await view.load();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
