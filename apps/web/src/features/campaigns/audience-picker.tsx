import type { AudienceDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';
import formStyles from '../../shell/form/form.module.css';
import { audiencesPath, useAudienceChoices } from '../audiences';
import styles from './campaigns.module.css';
import { ChoiceList } from './choice-list';

interface PickedField {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}

/**
 * The campaign's audiences: those whose users it bids on (any of them; none is anyone) and those
 * whose users it never bids on, from the advertiser's audiences with their estimated sizes. An
 * advertiser without audiences is sent to make one.
 */
export function AudiencePicker({ include, exclude }: { include: PickedField; exclude: PickedField }) {
  const { t } = useTranslation('audiences');
  const choices = useAudienceChoices();
  const audiences = choices.data ?? [];

  if (choices.isPending) return <p className={styles.hint}>{t('common:loading')}</p>;
  if (choices.isError)
    return (
      <p className={formStyles.error} role="alert">
        {t('picker.loadError')}
      </p>
    );
  if (audiences.length === 0)
    return (
      <p className={styles.hint}>
        {t('picker.none')} <Link to={audiencesPath}>{t('picker.create')}</Link>
      </p>
    );
  const options = audiences.map((audience: AudienceDto) => ({
    value: audience.id,
    text: audience.name,
    label: t('picker.choice', {
      name: audience.name,
      count: audience.estimatedSize,
      size: formatNumber(audience.estimatedSize),
    }),
  }));
  const many = audiences.length > 8;
  return (
    <>
      <ChoiceList
        legend={t('picker.include')}
        hint={t('picker.includeHint')}
        name="audienceIncludeIds"
        choices={options}
        searchLabel={many ? t('picker.search') : undefined}
        scroll={many}
        {...include}
      />
      <ChoiceList
        legend={t('picker.exclude')}
        hint={t('picker.excludeHint')}
        name="audienceExcludeIds"
        choices={options}
        searchLabel={many ? t('picker.search') : undefined}
        scroll={many}
        {...exclude}
      />
    </>
  );
}
