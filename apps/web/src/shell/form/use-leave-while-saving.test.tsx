import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, MemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { useLeaveWhileSaving } from './use-leave-while-saving';

const polish =
  'Dane są w trakcie zapisywania, czy na pewno chcesz to zrobić? (możesz utracić niezapisane zmiany)';

function Form() {
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  useLeaveWhileSaving(saving);
  return (
    <>
      <button type="button" onClick={() => setSaving((value) => !value)}>
        {saving ? 'Stop saving' : 'Start saving'}
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
      {/* A form that has just saved a new entry opens its page in place of the form's. */}
      <button type="button" onClick={() => navigate('/elsewhere', { replace: true })}>
        Saved
      </button>
    </>
  );
}

function renderInDataRouter() {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <Form /> },
      { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const beforeUnload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

describe('useLeaveWhileSaving', () => {
  it('lets the user leave freely when nothing is being saved', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderInDataRouter();
    expect(beforeUnload()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks in Polish (whatever the interface language) before moving inside the app while saving, and stays when refused', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const router = renderInDataRouter();
    await userEvent.click(screen.getByRole('button', { name: 'Start saving' }));
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(confirm).toHaveBeenCalledWith(polish);
    expect(router.state.location.pathname).toBe('/form');
  });

  it('does not ask when the saving form itself opens what it saved (a replacing navigation)', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderInDataRouter();
    await userEvent.click(screen.getByRole('button', { name: 'Start saving' }));
    await userEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('moves on when accepted', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderInDataRouter();
    await userEvent.click(screen.getByRole('button', { name: 'Start saving' }));
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it('blocks unloading only while saving', async () => {
    renderInDataRouter();
    await userEvent.click(screen.getByRole('button', { name: 'Start saving' }));
    expect(beforeUnload()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Stop saving' }));
    expect(beforeUnload()).toBe(false);
  });

  it('works (beforeunload only) under a plain router', async () => {
    render(
      <MemoryRouter>
        <Form />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start saving' }));
    expect(beforeUnload()).toBe(true);
  });
});
