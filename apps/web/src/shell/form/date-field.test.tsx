import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../lib/i18n';
import { DateField } from './date-field';

/** A DateField kept by its parent, as the filters keep it; `onDay` hears every change. */
function Harness({ initial = '', onDay }: { initial?: string; onDay: (day: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="From"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          onDay(event.target.value);
        }}
      />
      <p data-testid="value">{value}</p>
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
    </>
  );
}

describe('DateField', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('reads a day typed as DD.MM.YYYY (dots added to eight digits) and gives it as YYYY-MM-DD', async () => {
    const onDay = vi.fn();
    const user = userEvent.setup();
    render(<Harness onDay={onDay} />);
    const input = screen.getByLabelText('From');
    expect(input).toHaveAttribute('placeholder', 'DD.MM.YYYY');
    await user.type(input, '04.03.202');
    expect(onDay).not.toHaveBeenCalled();
    await user.type(input, '6');
    expect(onDay).toHaveBeenLastCalledWith('2026-03-04');
    await user.clear(input);
    expect(onDay).toHaveBeenLastCalledWith('');
    await user.type(input, '31122025');
    expect(input).toHaveValue('31.12.2025');
    expect(screen.getByTestId('value')).toHaveTextContent('2025-12-31');
    await user.clear(input);
    await user.type(input, '1.122025');
    expect(input).toHaveValue('1.12.2025');
    expect(screen.getByTestId('value')).toHaveTextContent('2025-12-01');
    // A value set from outside replaces the text.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input).toHaveValue('');
  });

  it('shows a day given as YYYY-MM-DD as DD.MM.YYYY, and says a wrong one is wrong when left', async () => {
    const onDay = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial="2026-02-01" onDay={onDay} />);
    const input = screen.getByLabelText('From');
    expect(input).toHaveValue('01.02.2026');
    await user.clear(input);
    await user.type(input, '31.02.2026');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a date as DD.MM.YYYY.');
    expect(onDay).toHaveBeenCalledTimes(1);
    expect(onDay).toHaveBeenCalledWith('');
  });

  it('picks a day from the calendar with the keyboard, in the month of the value, and closes', async () => {
    const onDay = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial="2026-03-04" onDay={onDay} />);
    await user.click(screen.getByRole('button', { name: 'Choose a date: From' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendar: From' });
    expect(await within(calendar).findByText(/March 2026/, {}, { timeout: 10_000 })).toBeInTheDocument();
    // The chosen day has the focus; the arrow keys move by a day.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/4 March 2026/));
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onDay).toHaveBeenLastCalledWith('2026-03-05');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('05.03.2026');
    expect(screen.getByLabelText('From')).toHaveFocus();
  });

  it('closes the calendar with Escape and speaks Polish', async () => {
    await setLocale('pl');
    const user = userEvent.setup();
    render(<Harness initial="2026-03-04" onDay={vi.fn()} />);
    expect(screen.getByLabelText('From')).toHaveAttribute('placeholder', 'DD.MM.RRRR');
    await user.click(screen.getByRole('button', { name: 'Wybierz datę: From' }));
    const calendar = await screen.findByRole('dialog', { name: 'Kalendarz: From' });
    expect(await within(calendar).findByText(/marzec 2026/i, {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /12 marca 2026/i }));
    expect(screen.getByLabelText('From')).toHaveValue('12.03.2026');
    await user.click(screen.getByRole('button', { name: 'Wybierz datę: From' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wybierz datę: From' })).toHaveFocus();
    await user.type(screen.getByLabelText('From'), 'x');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '1.2.3');
    await user.tab();
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('Wpisz datę w formacie DD.MM.RRRR.');
  });
});
