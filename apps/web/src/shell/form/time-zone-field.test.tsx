import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../lib/error-text';
import { i18n, setLocale } from '../../lib/i18n';
import { TimeZoneField, timeZoneOptions } from './time-zone-field';

/** The field kept by its parent, as a form keeps it (`value` from `watch`). */
function Harness({
  initial,
  onZone = () => {},
  error,
  placeholder,
}: {
  initial: string;
  onZone?: (zone: string) => void;
  error?: string;
  placeholder?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <TimeZoneField
      value={value}
      error={error}
      placeholder={placeholder}
      hint="Campaign days count in this time zone."
      onChange={(event) => {
        setValue(event.target.value);
        onZone(event.target.value);
      }}
    />
  );
}

const select = () => screen.getByRole('combobox', { name: 'Time zone' });
const offered = () =>
  within(select())
    .getAllByRole('option')
    .map((option) => option.getAttribute('value'));

describe('TimeZoneField', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('offers every zone the browser knows, named with its offset, the current one chosen', () => {
    render(<Harness initial="Europe/Warsaw" />);
    expect(select()).toHaveValue('Europe/Warsaw');
    expect(offered()).toEqual(Intl.supportedValuesOf('timeZone'));
    expect(
      within(select()).getByRole('option', { name: /^America\/New York \(GMT-0[45]:00\)$/ }),
    ).toHaveValue('America/New_York');
    expect(within(select()).getByRole('option', { name: 'Asia/Colombo (GMT+05:30)' })).toBeInTheDocument();
    expect(screen.getByText('Campaign days count in this time zone.')).toBeInTheDocument();
  });

  it('narrows the zones by a search of name or offset, keeping the chosen one, and reports the choice', async () => {
    const onZone = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial="Europe/Warsaw" onZone={onZone} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search time zones' }), 'new york');
    await vi.waitFor(() => expect(offered()).toEqual(['Europe/Warsaw', 'America/New_York']));
    await user.selectOptions(select(), 'America/New_York');
    expect(onZone).toHaveBeenLastCalledWith('America/New_York');
    expect(select()).toHaveValue('America/New_York');

    const search = screen.getByRole('searchbox', { name: 'Search time zones' });
    await user.clear(search);
    await user.type(search, '+05:30');
    await vi.waitFor(() => expect(offered()).toContain('Asia/Colombo'));
    const [chosen, ...matches] = within(select()).getAllByRole('option');
    expect(chosen).toHaveValue('America/New_York');
    expect(matches.length).toBeGreaterThan(0);
    for (const match of matches) expect(match.textContent).toMatch(/\(GMT\+05:30\)$/);
  });

  it('shows a value the browser does not list (e.g. UTC) as it is', () => {
    render(<Harness initial="UTC" />);
    expect(select()).toHaveValue('UTC');
    expect(offered()[0]).toBe('UTC');
    expect(offered()).toHaveLength(timeZoneOptions().length + 1);
  });

  it('starts empty with a placeholder when no zone is chosen (the default applies)', () => {
    render(<Harness initial="" placeholder="The platform's default" />);
    expect(select()).toHaveValue('');
    expect(within(select()).getAllByRole('option')[0]).toHaveTextContent("The platform's default");
  });

  it("names the API's refusal in the interface language, tied to the select", async () => {
    await setLocale('pl');
    // As the form gives it: the API's code in the interface language.
    render(
      <Harness initial="Europe/Warsaw" error={errorText(i18n.t, 'campaigns.time_zone_unknown') ?? ''} />,
    );
    const field = screen.getByRole('combobox', { name: 'Strefa czasowa' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Wybierz strefę czasową z listy.');
    expect(screen.getByRole('searchbox', { name: 'Szukaj stref czasowych' })).toBeInTheDocument();
  });
});
