import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, MemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18n } from '../../lib/i18n';
import { useApiForm } from './use-api-form';
import { useLeaveWhileSaving } from './use-leave-while-saving';

const polish =
  'Dane są w trakcie zapisywania, czy na pewno chcesz to zrobić? (możesz utracić niezapisane zmiany)';

function Form() {
  const [saving, setSaving] = useState(false);
  useLeaveWhileSaving(saving);
  return (
    <>
      <button type="button" onClick={() => setSaving((value) => !value)}>
        {saving ? 'Stop saving' : 'Start saving'}
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}

/** A form that, once saved, moves on to the page of what it saved (as the create forms do). */
function CreateForm() {
  const navigate = useNavigate();
  const form = useApiForm(z.object({ name: z.string().min(1) }), { name: 'Acme' });
  useLeaveWhileSaving(form.saving);
  const onSubmit = form.submit(async () => {
    await Promise.resolve();
    return () => navigate('/elsewhere', { replace: true });
  });
  return (
    <form onSubmit={onSubmit}>
      <button type="submit">Create</button>
    </form>
  );
}

function renderInDataRouter(element = <Form />) {
  const router = createMemoryRouter(
    [
      { path: '/form', element },
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

  it('lets a form move on to what it saved without asking: the move comes after the saving state', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const router = renderInDataRouter(<CreateForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(confirm).not.toHaveBeenCalled();
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
