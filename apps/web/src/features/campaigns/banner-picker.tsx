import type { BannerStatus, CampaignDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../shell/badge/badge';
import formStyles from '../../shell/form/form.module.css';
import { bannerSizeText } from '../banners';
import styles from './campaigns.module.css';
import { useBannerChoices } from './campaigns-api';
import { ChoiceList } from './choice-list';

type Banner = CampaignDto['banners'][number];

const tones: Record<BannerStatus, BadgeTone> = {
  approved: 'success',
  pending: 'info',
  rejected: 'alert',
  archived: 'muted',
};

/**
 * The banners a campaign may name, by id: its own as saved (some may no longer be among the
 * newest 100) and the advertiser's newest, with the query that loads those.
 */
export function useKnownBanners(attached: Banner[]) {
  const choices = useBannerChoices();
  const banners = new Map<number, Banner>(attached.map((banner) => [banner.id, banner]));
  for (const banner of choices.data ?? []) banners.set(banner.id, banner);
  return { choices, banners };
}

/**
 * The banners the campaign shows, picked from the advertiser's (with a thumbnail or its type, status
 * and size; a dynamic banner serves every size).
 * Any may be attached; only approved ones serve, and the campaign needs at least one to run.
 */
export function BannerPicker({
  value,
  onChange,
  attached,
  error,
  disabled,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  /** The campaign's banners as saved (some may no longer be among the newest 100). */
  attached: Banner[];
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('campaigns');
  const { choices, banners } = useKnownBanners(attached);
  const picked = value.map((id) => banners.get(id)).filter((banner) => banner !== undefined);
  const approved = picked.filter((banner) => banner.status === 'approved').length;

  if (choices.isPending && attached.length === 0) return <p className={styles.hint}>{t('common:loading')}</p>;
  if (choices.isError && attached.length === 0)
    return (
      <p className={formStyles.error} role="alert">
        {t('banners.loadError')}
      </p>
    );
  if (banners.size === 0)
    return (
      <p className={styles.hint}>
        {t('banners.none')} <Link to="/panel/advertiser/banners">{t('banners.upload')}</Link>
      </p>
    );
  return (
    <>
      <ChoiceList
        legend={t('banners.legend')}
        hint={t('banners.hint')}
        error={error}
        disabled={disabled}
        value={value}
        onChange={onChange}
        searchLabel={banners.size > 8 ? t('banners.search') : undefined}
        scroll={banners.size > 8}
        choices={[...banners.values()].map((banner) => ({
          value: banner.id,
          text: banner.name,
          label: (
            <span className={styles.banner}>
              <span className={styles.thumb}>
                {banner.type === 'image' ? (
                  <img src={banner.previewUrl} alt="" loading="lazy" />
                ) : (
                  t(`banners:type.${banner.type}`)
                )}
              </span>
              <span className={styles.bannerText}>
                <span>{banner.name}</span>
                <span className={styles.bannerMeta}>
                  <Badge tone={tones[banner.status]}>{t(`bannerStatus.${banner.status}`)}</Badge>{' '}
                  <span>{bannerSizeText(t, banner)}</span>
                </span>
              </span>
            </span>
          ),
        }))}
      />
      <p className={styles.hint} role="status">
        {approved > 0 ? t('banners.approvedPicked', { count: approved }) : t('banners.noApprovedPicked')}
      </p>
    </>
  );
}
