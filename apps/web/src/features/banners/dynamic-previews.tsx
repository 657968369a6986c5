import type { DynamicProductView } from '@rtb/rtb/dynamic';
import { bannerSizePattern, type DynamicTemplate } from '@rtb/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './banners.module.css';
import { DynamicPreviewFrame } from './dynamic-preview-frame';

type Shape = 'box' | 'wide' | 'tall';
const shapes: Shape[] = ['box', 'wide', 'tall'];

/** Sizes by shape, as the layout treats them: wide ones (leaderboards), tall ones (skyscrapers), the rest. */
function sizesByShape(sizes: readonly string[]) {
  const groups = new Map<Shape, { width: number; height: number }[]>(shapes.map((shape) => [shape, []]));
  for (const size of sizes) {
    const match = bannerSizePattern.exec(size);
    if (!match) continue;
    const width = Number(match[1]);
    const height = Number(match[2]);
    const shape: Shape = width >= 2 * height ? 'wide' : height >= 1.5 * width ? 'tall' : 'box';
    groups.get(shape)?.push({ width, height });
  }
  return shapes
    .map((shape) => ({ shape, sizes: groups.get(shape) ?? [] }))
    .filter((group) => group.sizes.length);
}

/**
 * A dynamic banner in every allowed size, each at its real size and labelled, grouped by shape
 * in a scrolling area; `examples` says the products are made up.
 */
export function DynamicPreviews({
  template,
  sizes,
  products,
  logoUrl,
  shopName,
  examples = false,
}: {
  template: DynamicTemplate;
  sizes: readonly string[];
  products: readonly DynamicProductView[];
  logoUrl: string | null;
  shopName: string;
  examples?: boolean;
}) {
  const { t } = useTranslation('banners');
  const id = useId();
  return (
    <section className={styles.dynamicPreviews} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.panelHeading}>
        {t('dynamic.previewsHeading', { count: sizes.length })}
      </h3>
      {examples && <p className={styles.examplesNote}>{t('dynamic.examples.note')}</p>}
      {/* A scrolling box: focusable, so that keyboard users can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1) */}
      <section className={styles.dynamicScroller} tabIndex={0} aria-labelledby={`${id}-heading`}>
        {sizesByShape(sizes).map((group) => (
          <section key={group.shape} aria-labelledby={`${id}-${group.shape}`}>
            <h4 id={`${id}-${group.shape}`} className={styles.dynamicGroupHeading}>
              {t(`dynamic.shape.${group.shape}`)}
            </h4>
            <div className={styles.dynamicGrid}>
              {group.sizes.map(({ width, height }) => (
                <DynamicPreviewFrame
                  key={`${width}x${height}`}
                  template={template}
                  width={width}
                  height={height}
                  products={products}
                  logoUrl={logoUrl}
                  shopName={shopName}
                />
              ))}
            </div>
          </section>
        ))}
      </section>
    </section>
  );
}
