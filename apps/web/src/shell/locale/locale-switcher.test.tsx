import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLocale } from '../../lib/i18n';
import { cookies } from '../../lib/storage';
import { LocaleSwitcher } from './locale-switcher';

const inUse = () => [i18n.options.ns ?? []].flat();
/** As before any switch to Polish (removeResourceBundle would drop the namespaces from those in use). */
const forgetPolish = () => {
  delete i18n.store.data.pl;
};

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
    expect(await screen.findByRole('combobox', { name: 'Język' })).toHaveValue('pl');
    expect(i18n.language).toBe('pl');
    expect(cookies.get('locale')).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');
  });

  it('keeps the page in its language, busy, while the other language loads', async () => {
    forgetPolish();
    const { container } = render(<LocaleSwitcher />);
    // Every state the switcher shows on the way: never the new language while still busy (a CI
    // run found the Polish label with aria-busy still true: i18next re-renders a moment earlier).
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      const select = container.querySelector('select');
      shown.push(`${select?.labels?.[0]?.textContent} busy=${select?.getAttribute('aria-busy')}`);
    });
    observer.observe(container, { subtree: true, childList: true, attributes: true, characterData: true });
    // Checked before the Polish texts can have come (they load asynchronously).
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'pl' } });
    const busy = screen.getByRole('combobox', { name: 'Language' });
    expect(busy).toHaveValue('pl');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const select = await screen.findByRole('combobox', { name: 'Język' });
    expect(select).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    observer.disconnect();
    expect(shown).toContain('Język busy=false');
    expect(shown).not.toContain('Język busy=true');
  });

  it('stays in its language and says so when the other language cannot load', async () => {
    forgetPolish();
    i18n.options.ns = [...inUse(), 'no-such-namespace'];
    try {
      render(<LocaleSwitcher />);
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'pl');
      expect(await screen.findByRole('alert')).toHaveTextContent('Communication error');
    } finally {
      i18n.options.ns = inUse().filter((namespace) => namespace !== 'no-such-namespace');
    }
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(i18n.language).toBe('en');
  });
});
