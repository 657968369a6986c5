import type { BannerDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import styles from './banners.module.css';

type Shown = Pick<BannerDto, 'name' | 'type' | 'width' | 'height' | 'previewUrl'>;

/**
 * The creative at its real size, from its own path (served with a sandboxing CSP): an image, or
 * the HTML5 banner in a sandboxed frame that may run scripts and open its landing page but never
 * counts as the panel's origin. Only a screen narrower than the creative scales an image down
 * (and scrolls a frame).
 */
export function BannerPreview({ banner }: { banner: Shown }) {
  const { t } = useTranslation('banners');
  return (
    <div className={styles.preview}>
      {banner.type === 'image' ? (
        <img
          className={styles.previewImage}
          src={banner.previewUrl}
          width={banner.width}
          height={banner.height}
          alt={t('preview.alt', { name: banner.name })}
        />
      ) : (
        <iframe
          className={styles.previewFrame}
          src={banner.previewUrl}
          width={banner.width}
          height={banner.height}
          sandbox="allow-scripts allow-popups"
          referrerPolicy="no-referrer"
          title={t('preview.alt', { name: banner.name })}
        />
      )}
    </div>
  );
}

/**
 * A small picture of a creative for lists: the image itself (a dynamic banner's logo), or an
 * HTML5 mark (no script runs in a list).
 */
export function BannerThumbnail({ banner }: { banner: Shown }) {
  const { t } = useTranslation('banners');
  return banner.type !== 'html5' ? (
    <img
      className={styles.thumbnail}
      src={banner.previewUrl}
      loading="lazy"
      alt={t('preview.thumbnail', { name: banner.name })}
    />
  ) : (
    <span
      className={styles.thumbnailHtml5}
      role="img"
      aria-label={t('preview.thumbnail', { name: banner.name })}
    >
      HTML5
    </span>
  );
}
