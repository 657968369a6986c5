import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyCodeResolver } from './lazy-code-resolver';
import { TextField } from './text-field';
import { useResolvedApiForm } from './use-resolved-api-form';

const schema = z.object({ name: z.string().min(1) });
type Values = z.infer<typeof schema>;

function NameForm({
  load,
  save,
}: {
  load: () => Promise<typeof schema>;
  save: (values: Values) => Promise<void>;
}) {
  const form = useResolvedApiForm(lazyCodeResolver<Values>(load), { name: '' });
  return (
    <form onSubmit={form.submit(save)} noValidate>
      {form.formError && <p role="alert">{form.formError}</p>}
      <TextField label="Name" {...form.field('name')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('a form checked by a schema loaded on demand', () => {
  it('checks the fields once the schema has come, by code in the interface language', async () => {
    const save = vi.fn(async () => {});
    render(<NameForm load={async () => schema} save={save} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalledWith({ name: 'Acme' }));
  });

  it('says it cannot reach the server when the schema cannot load, and sends nothing', async () => {
    const save = vi.fn(async () => {});
    render(<NameForm load={() => Promise.reject(new TypeError('Failed to fetch'))} save={save} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Communication error');
    expect(save).not.toHaveBeenCalled();
  });
});
