import { appStoreIdOf, type ReportDimension, type ReportRowDto } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCountry } from '../../lib/format';
import { CampaignStatusBadge } from '../campaigns';
import styles from './reports.module.css';

/**
 * What a group is about, in words: a campaign's or creative's name, a product's title (`#key`
 * while it has none), a country's name in the interface language, a device type in words, a
 * domain or app (an App Store id of older events as 'App <id> (App Store)'); 'Unknown' where the event did not say. The table's rows and the chart's lines read it.
 */
export function dimensionLabel(
  by: ReportDimension,
  { key, name }: Pick<ReportRowDto, 'key' | 'name'>,
  t: TFunction,
  language: string,
): string {
  if (!key) return t('reports:unknown');
  switch (by) {
    case 'campaign':
    case 'creative':
    case 'product':
      return name ?? `#${key}`;
    case 'country':
      return formatCountry({ name: key, code: key.toUpperCase() }, language) ?? key;
    case 'deviceType':
      return t(`reports:deviceTypes.${key}`, { defaultValue: key });
    case 'domain': {
      const id = appStoreIdOf(key);
      return id ? t('reports:appStoreApp', { id }) : key;
    }
    default:
      return key;
  }
}

/**
 * What a row is about besides time (`dimensionLabel`): a campaign's name links to its page where
 * the viewer has one, beside its status.
 */
export function ReportDimensionCell({
  by,
  row,
  campaignLink,
}: {
  by: ReportDimension;
  row: ReportRowDto;
  campaignLink?: ((campaignId: number) => string) | undefined;
}) {
  const { t, i18n } = useTranslation('reports');
  const key = row.key ?? '';
  const label = dimensionLabel(by, row, t, i18n.language);
  if (!key) return <span className={styles.unknown}>{label}</span>;
  switch (by) {
    case 'campaign':
      return (
        <span className={styles.dimension}>
          {campaignLink ? (
            <Link className={styles.nameLink} to={campaignLink(Number(key))}>
              {label}
            </Link>
          ) : (
            <span className={styles.name}>{label}</span>
          )}
          {row.campaignStatus && <CampaignStatusBadge status={row.campaignStatus} />}
        </span>
      );
    case 'country':
    case 'deviceType':
      return <>{label}</>;
    default:
      return <span className={styles.name}>{label}</span>;
  }
}
