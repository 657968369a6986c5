import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../shell/form/search-select';
import { useAdvertiser, useAdvertisers } from '../organisations';
import { reportsStyles as styles } from '../reports';

const option = (advertiser: { id: number; name: string }) => ({
  value: advertiser.id,
  label: advertiser.name,
});

/**
 * One of the agency's advertisers, or all: a search narrows the advertisers offered (the API
 * pages them) and the chosen one stays offered whatever the search.
 */
export function AdvertiserFilter({
  advertiserId,
  onChange,
}: {
  advertiserId: string | undefined;
  onChange: (advertiserId: string) => void;
}) {
  const { t } = useTranslation('agency-reporting');
  const [search, setSearch] = useState('');
  const advertisers = useAdvertisers('agency', { search: search || undefined, perPage: 25, sort: 'name' });
  const chosen = useAdvertiser('agency', advertiserId ? Number(advertiserId) : null);
  return (
    <SearchSelect
      className={styles.field}
      searchLabel={t('filters.advertiserSearch')}
      search={search}
      onSearch={setSearch}
      found={(advertisers.data?.elements ?? []).map(option)}
      chosen={
        advertiserId
          ? chosen.data
            ? option(chosen.data)
            : { value: advertiserId, label: t('filters.advertiserNumber', { id: advertiserId }) }
          : null
      }
      label={t('filters.advertiser')}
      placeholder={t('filters.allAdvertisers')}
      value={advertiserId ?? ''}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
