import { type DynamicProductView, dynamicBannerMarkup } from '@rtb/rtb/dynamic';
import type { DynamicTemplate } from '@rtb/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ScaleToFit } from '../../shell/scale-to-fit/scale-to-fit';
import styles from './banners.module.css';
import { PREVIEW_PIXEL_URL } from './dynamic-products';

/**
 * One size of a dynamic banner at its real size (scaled down, its ratio kept, in a narrower box), rendered by the bidder's own markup function in
 * a frame with no script and an opaque origin (the markup has no script; popups let its links
 * open the shop). The frame inherits the panel's CSP, so images come from our origin or `data:`.
 */
export function DynamicPreviewFrame({
  template,
  width,
  height,
  products,
  logoUrl,
  shopName,
}: {
  template: DynamicTemplate;
  width: number;
  height: number;
  products: readonly DynamicProductView[];
  logoUrl: string | null;
  shopName: string;
}) {
  const { t } = useTranslation('banners');
  const size = `${width}x${height}`;
  const srcDoc = useMemo(() => {
    const markup = dynamicBannerMarkup({
      template,
      width,
      height,
      products,
      logoUrl,
      shopName,
      pixelUrl: PREVIEW_PIXEL_URL,
    });
    return `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">${markup}</body></html>`;
  }, [template, width, height, products, logoUrl, shopName]);
  return (
    <figure className={styles.dynamicPreview}>
      <figcaption className={styles.dynamicSize}>{size}</figcaption>
      <ScaleToFit width={width} height={height}>
        <iframe
          className={styles.previewFrame}
          title={t('dynamic.previewTitle', { size })}
          width={width}
          height={height}
          srcDoc={srcDoc}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          loading="lazy"
          data-testid={`dynamic-preview-${size}`}
        />
      </ScaleToFit>
    </figure>
  );
}
