import { passwordField } from '@rtb/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n } from '../../lib/i18n';
import { TextField } from './text-field';
import { useApiForm } from './use-api-form';

const schema = z.object({
  password: passwordField,
  name: z.string().min(2),
  email: z.email(),
  country: z.number().min(1),
});

/** A form checked in the browser only: nothing is sent. */
function CheckedForm({ name }: { name: string }) {
  const form = useApiForm(schema, { password: 'short', name, email: 'not an address', country: 0 });
  const onSubmit = form.submit(async () => undefined);
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField label="Password" {...form.field('password')} />
      <TextField label="Name" {...form.field('name')} />
      <TextField label="E-mail" {...form.field('email')} />
      <TextField label="Country" {...form.field('country')} />
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('browser-side validation', () => {
  it('shows each zod issue from its code, in Polish with its values', async () => {
    await i18n.changeLanguage('pl');
    render(<CheckedForm name="A" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Hasło musi mieć co najmniej 8 znaków.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Ta wartość jest za krótka.');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Podaj prawidłowy adres e-mail.');
    expect(screen.getByLabelText('Country')).toHaveAccessibleDescription('Wybierz pozycję z listy.');
  });

  it('calls an empty value that is too short a missing one', async () => {
    render(<CheckedForm name="" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'The password must have at least 8 characters.',
    );
  });
});
