import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { eventHref, inviteHref, PATHS, useRouteParams } from '../../src/lib/paths.ts';

function EventId() {
  const { eventId } = useRouteParams(PATHS.event);
  return <p data-testid="param">{eventId}</p>;
}

function Token() {
  const { token } = useRouteParams(PATHS.invite);
  return <p data-testid="param">{token ?? '(none)'}</p>;
}

function show(pattern: string, element: ReactNode, path: string) {
  const router = createMemoryRouter(
    [{ path: pattern, element, errorElement: <p data-testid="error">error</p> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('paths', () => {
  it('builds event and invitation links', () => {
    expect(eventHref('e1')).toBe('/events/e1');
    expect(eventHref('e1', 'photos')).toBe('/events/e1/photos');
    expect(inviteHref('a/b')).toBe('/invite/a%2Fb');
  });

  it('reads params typed from the pattern, optional ones possibly absent', () => {
    show(`${PATHS.event}/*`, <EventId />, '/events/e7/travel');
    expect(screen.getByTestId('param')).toHaveTextContent('e7');
  });

  it('leaves an optional param undefined', () => {
    show(PATHS.invite, <Token />, '/invite');
    expect(screen.getByTestId('param')).toHaveTextContent('(none)');
  });

  it('throws when a required param is not matched, instead of rendering a blank id', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    show('/elsewhere', <EventId />, '/elsewhere');
    expect(screen.getByTestId('error')).toBeInTheDocument();
  });
});
