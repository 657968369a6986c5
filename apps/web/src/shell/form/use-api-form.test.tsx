import { errorTexts } from '@rtb/shared';
import { route } from '@rtb/shared/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubApi, validationError } from '../../account/account-test-utils';
import { api } from '../../lib/api-client';
import { TextField } from './text-field';
import { useApiForm } from './use-api-form';

const schema = z.object({ name: z.string(), commission: z.string(), phone: z.string() });
const save = route('POST', '/agency/advertisers', { body: schema, response: z.unknown() });

/** A long form: the field the server refuses is far below the top, the submit button further down. */
function LongForm() {
  const form = useApiForm(schema, { name: 'Acme', commission: '40', phone: '' });
  const onSubmit = form.submit(async (values) => {
    await api.call(save, { body: values });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField label="Name" {...form.field('name')} />
      <div style={{ height: 3000 }} />
      <TextField label="Phone" {...form.field('phone')} />
      <TextField label="Commission" {...form.field('commission')} />
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useApiForm', () => {
  it("brings the first field with a server error into view and focuses it (in the form's order)", async () => {
    const scrolled: Element[] = [];
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled.push(this);
      },
    });
    stubApi({
      'POST /agency/advertisers': validationError({
        commission: ['The commission cannot be more than 30.00%.'],
        'phone.number': ['Enter a phone number.'],
      }),
    });
    render(<LongForm />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    const phone = screen.getByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(scrolled).toEqual([phone]);
    expect(screen.getByLabelText('Commission')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The commission cannot be more than 30.00%.')).toBeInTheDocument();
    // @ts-expect-error: jsdom has none; the stub goes again
    delete HTMLElement.prototype.scrollIntoView;
  });

  it('shows a server field error from its code, whatever its English text says', async () => {
    stubApi({
      'POST /agency/advertisers': [
        422,
        {
          message: 'The form contains validation errors.',
          code: 422,
          error: 'validation.failed',
          errors: { phone: ['Reworded: dial digits only'] },
          issues: { phone: [{ code: 'users.phone_invalid' }] },
        },
      ],
    });
    render(<LongForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(errorTexts['users.phone_invalid'])).toBeInTheDocument();
    expect(screen.queryByText('Reworded: dial digits only')).not.toBeInTheDocument();
  });
});
