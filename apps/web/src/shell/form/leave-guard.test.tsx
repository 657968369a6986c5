import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18n } from '../../lib/i18n';
import { LeaveGuard, type LeaveReason, useLeaveGuard } from './leave-guard';
import { TextField } from './text-field';
import { useApiForm } from './use-api-form';

const whileSaving =
  'Dane są w trakcie zapisywania, czy na pewno chcesz to zrobić? (możesz utracić niezapisane zmiany)';
const withErrors =
  'Formularz ma niezapisane zmiany z błędami, czy na pewno chcesz wyjść? (możesz utracić niezapisane zmiany)';

const stepParams = ['step'];

/** A form whose reason to keep the user is set by hand (its steps, if any, in `?step=`). */
function Switch({ label, reason, steps }: { label: string; reason: LeaveReason; steps?: boolean }) {
  const [on, setOn] = useState(false);
  useLeaveGuard(on ? reason : null, steps ? stepParams : undefined);
  return (
    <button type="button" onClick={() => setOn((value) => !value)}>
      {on ? `Stop ${label}` : `Start ${label}`}
    </button>
  );
}

/** A real form: saving, it then opens what it saved (as the create forms do). */
function CreateForm({ fail }: { fail?: boolean }) {
  const navigate = useNavigate();
  const form = useApiForm(z.object({ name: z.string().min(3) }), { name: 'Acme' });
  const onSubmit = form.submit(async () => {
    await Promise.resolve();
    if (fail) return undefined;
    return () => navigate('/elsewhere', { replace: true });
  });
  return (
    <form onSubmit={onSubmit}>
      <TextField label="Name" {...form.field('name')} />
      <button type="submit">Create</button>
    </form>
  );
}

function renderPage(page: React.ReactNode) {
  const router = createMemoryRouter(
    [
      {
        element: <LeaveGuard />,
        children: [
          {
            path: '/form',
            element: (
              <>
                {page}
                <Link to="/elsewhere">Elsewhere</Link>
              </>
            ),
          },
          { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
        ],
      },
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

describe('LeaveGuard', () => {
  it('lets the user leave freely when no form has a reason to keep them', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderPage(<Switch label="saving" reason="saving" />);
    expect(beforeUnload()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks in Polish (whatever the interface language) while saving, and stays when refused', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const router = renderPage(<Switch label="saving" reason="saving" />);
    await userEvent.click(screen.getByRole('button', { name: 'Start saving' }));
    expect(beforeUnload()).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(confirm).toHaveBeenCalledWith(whileSaving);
    expect(router.state.location.pathname).toBe('/form');
  });

  it('moves on when accepted, and stops asking once the reason is gone', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage(<Switch label="saving" reason="saving" />);
    await userEvent.click(screen.getByRole('button', { name: 'Start saving' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stop saving' }));
    expect(beforeUnload()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Start saving' }));
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it('guards every form of the page, saving first, not only the last one mounted', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderPage(
      <>
        <Switch label="saving" reason="saving" />
        <Switch label="editing" reason="unsavedWithErrors" />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start editing' }));
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(confirm).toHaveBeenLastCalledWith(withErrors);
    await userEvent.click(screen.getByRole('button', { name: 'Start saving' }));
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(confirm).toHaveBeenLastCalledWith(whileSaving);
  });

  it('lets a form in steps move between them, and asks when anything else of the address changes', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const router = renderPage(
      <>
        <Switch label="editing" reason="unsavedWithErrors" steps />
        <Link to="/form?step=review">Review</Link>
        <Link to="/form?step=review&tab=other">Other tab</Link>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start editing' }));
    await userEvent.click(screen.getByRole('link', { name: 'Review' }));
    expect(router.state.location.search).toBe('?step=review');
    expect(confirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Other tab' }));
    expect(confirm).toHaveBeenCalledWith(withErrors);
    expect(router.state.location.search).toBe('?step=review');
  });

  it('lets a form open what it saved without asking: the move comes after the saving state', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const router = renderPage(<CreateForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('warns when a form has unsaved changes with errors, and not for changes alone', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderPage(<CreateForm fail />);
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ac');
    expect(beforeUnload()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('This value is too short.')).toBeInTheDocument();
    expect(beforeUnload()).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(confirm).toHaveBeenCalledWith(withErrors);
  });
});
