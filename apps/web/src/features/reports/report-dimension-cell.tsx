import type { ReportDimension, ReportRowDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCountry } from '../../lib/format';
import { CampaignStatusBadge } from '../campaigns';
import styles from './reports.module.css';

/**
 * What a row is about besides time: a campaign (its name, linking to its page where the viewer
 * has one, and its status), a creative's name, a country's name in the interface language, a
 * device type in words, a domain, a product's title; 'Unknown' where the event did not say.
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
  if (!key) return <span className={styles.unknown}>{t('unknown')}</span>;
  switch (by) {
    case 'campaign': {
      const name = row.name ?? `#${key}`;
      return (
        <span className={styles.dimension}>
          {campaignLink ? (
            <Link className={styles.nameLink} to={campaignLink(Number(key))}>
              {name}
            </Link>
          ) : (
            <span className={styles.name}>{name}</span>
          )}
          {row.campaignStatus && <CampaignStatusBadge status={row.campaignStatus} />}
        </span>
      );
    }
    case 'creative':
    case 'product':
      return <span className={styles.name}>{row.name ?? `#${key}`}</span>;
    case 'country':
      return <>{formatCountry({ name: key, code: key.toUpperCase() }, i18n.language)}</>;
    case 'deviceType':
      return <>{t(`deviceTypes.${key}`, { defaultValue: key })}</>;
    default:
      return <span className={styles.name}>{key}</span>;
  }
}
