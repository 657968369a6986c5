import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../shell/form/select-field';
import { SearchBox } from '../../shell/list/search-box';
import { useAgencies, useAgency } from '../agencies/agencies-api';
import type { FieldProps } from '../organisations/billing-fields';
import styles from './advertisers.module.css';

/**
 * The advertiser's agency: a search narrows the agencies offered (the API pages them), the
 * chosen one stays offered whatever the search, and its commission limit is shown as the
 * commission field's rule.
 */
export function AgencyPicker({
  field,
  selectedId,
  current,
}: {
  field: FieldProps;
  selectedId: number | null;
  /** The agency the advertiser has now: offered at once, before any list arrives. */
  current: { id: number; name: string } | null;
}) {
  const { t } = useTranslation('advertisers');
  const [search, setSearch] = useState('');
  const agencies = useAgencies({ search: search || undefined, perPage: 25, sort: 'name' });
  const selected = useAgency(selectedId);
  const found = agencies.data?.elements ?? [];
  const chosen = selected.data ?? (current?.id === selectedId ? current : null);
  const options = [
    ...(chosen && !found.some((agency) => agency.id === chosen.id) ? [chosen] : []),
    ...found,
  ].map((agency) => ({ value: agency.id, label: agency.name }));
  return (
    <div className={styles.picker}>
      <SearchBox value={search} label={t('form.agencySearch')} onSearch={setSearch} />
      {/* Controlled: the chosen agency's option may arrive after the form has its value. */}
      <SelectField
        label={t('form.agency')}
        placeholder={t('form.noAgency')}
        options={options}
        {...field}
        value={selectedId ?? ''}
      />
      {selected.data && (
        <p className={styles.hint}>
          {t('form.agencyLimit', {
            name: selected.data.name,
            limit: selected.data.commissionPercentLimit.toFixed(2),
          })}
        </p>
      )}
    </div>
  );
}
