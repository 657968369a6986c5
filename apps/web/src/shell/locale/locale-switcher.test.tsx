import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLocale } from '../../lib/i18n';
import { cookies } from '../../lib/storage';
import { LocaleSwitcher } from './locale-switcher';

afterEach(async () => {
  await act(() => setLocale('en'));
  cookies.remove('locale');
});

describe('locale switcher', () => {
  it('offers English and Polski and switches the interface, storing the choice', async () => {
    render(<LocaleSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['English', 'Polski']);
    await userEvent.selectOptions(select, 'pl');
    expect(i18n.language).toBe('pl');
    expect(cookies.get('locale')).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');
    expect(screen.getByRole('combobox', { name: 'Język' })).toHaveValue('pl');
  });
});
