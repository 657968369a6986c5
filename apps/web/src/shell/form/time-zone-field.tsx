import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchSelect } from './search-select';
import type { SelectFieldProps, SelectOption } from './select-field';

/** `Europe/Warsaw` as people read it: `Europe/Warsaw (GMT+01:00)`, underscores as spaces. */
function zoneLabel(zone: string, now: Date): string {
  let offset = '';
  try {
    offset =
      new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(now)
        .find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    // A zone this browser cannot format is still offered by its name.
  }
  const name = zone.replaceAll('_', ' ');
  return offset ? `${name} (${offset})` : name;
}

let zones: SelectOption[] | null = null;

/** Every IANA time zone the browser knows, with its offset now (made once). */
export function timeZoneOptions(): SelectOption[] {
  if (!zones) {
    const now = new Date();
    const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = names.map((zone) => ({ value: zone, label: zoneLabel(zone, now) }));
  }
  return zones;
}

const searchable = (text: string) => text.toLowerCase().replaceAll('_', ' ');

/**
 * A time zone by its IANA name: a search narrows the zones offered (by name or offset, e.g.
 * 'warsaw' or '+05:30'), and the chosen one stays offered whatever the search. A zone the
 * browser does not list (e.g. `UTC`) is still shown when it is the value. Controlled: `value`
 * is the form's current value (`form.watch`), the rest is the registered field.
 */
export function TimeZoneField({
  value,
  label,
  hint,
  error,
  ...select
}: Omit<SelectFieldProps, 'options' | 'label' | 'value' | 'hint'> & {
  value: string;
  label?: string;
  /** Shown under the select (what the zone is used for). */
  hint?: string;
}) {
  const { t } = useTranslation('shell');
  const [search, setSearch] = useState('');
  const all = timeZoneOptions();
  const query = searchable(search);
  const found = query ? all.filter((zone) => searchable(zone.label).includes(query)) : all;
  const chosen = value ? (all.find((zone) => zone.value === value) ?? { value, label: value }) : null;
  return (
    <SearchSelect
      searchLabel={t('timeZone.search')}
      search={search}
      onSearch={setSearch}
      found={found}
      chosen={chosen}
      label={label ?? t('timeZone.label')}
      hint={hint}
      error={error}
      {...select}
      value={value}
    />
  );
}
