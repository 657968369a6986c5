import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field';

const options = [
  { value: 'pl', label: 'Poland' },
  { value: 'de', label: 'Germany' },
];

describe('select field', () => {
  it('is labelled, lists the options after the placeholder, and reports the choice', async () => {
    const onChange = vi.fn();
    render(
      <SelectField
        label="Country"
        options={options}
        placeholder="Choose…"
        defaultValue=""
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Country' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose…',
      'Poland',
      'Germany',
    ]);
    await userEvent.selectOptions(select, 'de');
    expect(select).toHaveValue('de');
    expect(onChange).toHaveBeenCalled();
  });

  it('shows an error tied to the control', () => {
    render(<SelectField label="Country" options={options} error="Choose a country from the list." />);
    const select = screen.getByRole('combobox', { name: 'Country' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a country from the list.');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a country from the list.');
  });
});
