import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import type { FieldProps } from '../../shell/form/field-props';
import { SearchSelect } from '../../shell/form/search-select';
import { useAgencies, useAgency } from '../organisations';

const option = (agency: { id: number; name: string }) => ({ value: agency.id, label: agency.name });

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
  const chosen = selected.data ?? (current?.id === selectedId ? current : null);
  return (
    <SearchSelect
      searchLabel={t('form.agencySearch')}
      search={search}
      onSearch={setSearch}
      found={(agencies.data?.elements ?? []).map(option)}
      chosen={chosen && option(chosen)}
      label={t('form.agency')}
      placeholder={t('form.noAgency')}
      {...field}
      value={selectedId ?? ''}
      hint={
        selected.data &&
        t('form.agencyLimit', {
          name: selected.data.name,
          limit: formatNumber(selected.data.commissionPercentLimit, { minimumFractionDigits: 2 }),
        })
      }
    />
  );
}
