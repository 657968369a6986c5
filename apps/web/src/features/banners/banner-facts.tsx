import { type BannerDto, formatBannerSize } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize } from '../../lib/format';
import { bannerSizeText } from './banner-size';
import styles from './banners.module.css';

/** Who did it when: 'DD.MM.YYYY HH:mm, Name'. */
const when = (at: string | null, by: BannerDto['updatedBy']) =>
  at ? [formatDateTime(at), by?.name].filter(Boolean).join(', ') : null;

/** A creative's details: type, size (a dynamic banner's template and logo), file, landing page, and who changed and reviewed it when. */
export function BannerFacts({ banner, extra = [] }: { banner: BannerDto; extra?: [string, ReactNode][] }) {
  const { t } = useTranslation('banners');
  const facts: [string, ReactNode][] = [
    ...extra,
    [t('facts.type'), t(`type.${banner.type}`)],
    [t('facts.size'), bannerSizeText(t, banner)],
  ];
  if (banner.template)
    facts.push(
      [t('facts.layout'), t(`dynamic.layout.${banner.template.layout}`)],
      [t('facts.callToAction'), banner.template.callToAction],
      [t('facts.logoSize'), formatBannerSize(banner.width, banner.height)],
    );
  facts.push([t('facts.fileSize'), formatFileSize(banner.fileSize)]);
  if (banner.type === 'image')
    facts.push([t('facts.animated'), t(banner.animated ? 'facts.yes' : 'facts.no')]);
  if (banner.fileCount !== null) facts.push([t('facts.fileCount'), banner.fileCount]);
  facts.push(
    [
      t('facts.landingUrl'),
      <a
        key="landing"
        className={styles.landing}
        href={banner.landingUrl}
        target="_blank"
        rel="noopener noreferrer"
      >
        {banner.landingUrl}
      </a>,
    ],
    [t('facts.campaigns'), banner.campaignCount],
    [t('facts.created'), formatDateTime(banner.createdAt)],
    [t('facts.updated'), when(banner.updatedAt, banner.updatedBy)],
  );
  const reviewed = when(banner.reviewedAt, banner.reviewedBy);
  if (reviewed) facts.push([t('facts.reviewed'), reviewed]);
  return (
    <dl className={styles.facts}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
