import type { ProductDetail } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import listStyles from '../../shell/list/list.module.css';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { AvailabilityBadge } from './badges';
import { ProductPriceText } from './product-price';
import styles from './products.module.css';
import { useProduct } from './products-api';

/** A link out of the panel: a new tab, and the shop's page gets no hold on ours. */
function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('products');
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children} <span className="visually-hidden">{t('product.newTab')}</span>
    </a>
  );
}

interface Fact {
  label: string;
  value: ReactNode;
}

function Facts({ rows }: { rows: Fact[] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every attribute of one product as imported: the image (through our proxy), prices, labels, the rest. */
function ProductDetails({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('products');
  const none = t('product.none');
  const text = (value: string | null) => value ?? none;
  const labels = product.customLabels.flatMap((label, index) =>
    label === null ? [] : [{ label: t('product.customLabel', { index }), value: label }],
  );
  const extra = Object.entries(product.extra);
  return (
    <>
      <img
        className={styles.productImage}
        src={product.thumbnailUrl}
        alt={t('product.image', { title: product.title })}
      />
      <p>
        <ExternalLink href={product.link} className={styles.shopLink}>
          {t('product.openShop')}
        </ExternalLink>
      </p>
      <Facts
        rows={[
          { label: t('product.id'), value: <span className={styles.code}>{product.id}</span> },
          {
            label: t('product.price'),
            value: <ProductPriceText price={product.price} salePrice={product.salePrice} />,
          },
          {
            label: t('product.availability'),
            value: <AvailabilityBadge availability={product.availability} />,
          },
          {
            label: t('product.condition'),
            value: product.condition ? t(`condition.${product.condition}`) : none,
          },
          { label: t('product.brand'), value: text(product.brand) },
          { label: t('product.gtin'), value: text(product.gtin) },
          { label: t('product.mpn'), value: text(product.mpn) },
          { label: t('product.googleProductCategory'), value: text(product.googleProductCategory) },
          { label: t('product.productType'), value: text(product.productType) },
          { label: t('product.itemGroupId'), value: text(product.itemGroupId) },
          {
            label: t('product.link'),
            value: <ExternalLink href={product.link}>{product.link}</ExternalLink>,
          },
          {
            label: t('product.imageLink'),
            value: <ExternalLink href={product.imageLink}>{product.imageLink}</ExternalLink>,
          },
          { label: t('product.firstSeen'), value: formatDateTime(product.firstSeenAt) },
          { label: t('product.updated'), value: formatDateTime(product.updatedAt) },
          ...(product.removedAt
            ? [{ label: t('product.removedAt'), value: formatDateTime(product.removedAt) }]
            : []),
        ]}
      />
      <section className={styles.panelSection}>
        <h3 className={styles.panelHeading}>{t('product.tagActivity')}</h3>
        <Facts
          rows={[
            { label: t('product.views'), value: formatNumber(product.tagActivity.views) },
            { label: t('product.addsToCart'), value: formatNumber(product.tagActivity.addsToCart) },
            { label: t('product.purchases'), value: formatNumber(product.tagActivity.purchases) },
            {
              label: t('product.lastTagEvent'),
              value: product.tagActivity.lastEventAt
                ? formatDateTime(product.tagActivity.lastEventAt)
                : t('product.noTagEvents'),
            },
          ]}
        />
      </section>
      {product.description && (
        <section className={styles.panelSection}>
          <h3 className={styles.panelHeading}>{t('product.description')}</h3>
          <p className={styles.description}>{product.description}</p>
        </section>
      )}
      {product.additionalImageLinks.length > 0 && (
        <section className={styles.panelSection}>
          <h3 className={styles.panelHeading}>{t('product.additionalImages')}</h3>
          {/* Links, not images: a shop's images are shown only through our proxy. */}
          <ol className={styles.links}>
            {product.additionalImageLinks.map((link, index) => (
              <li key={link}>
                <ExternalLink href={link}>{t('product.additionalImage', { index: index + 1 })}</ExternalLink>
              </li>
            ))}
          </ol>
        </section>
      )}
      {labels.length > 0 && (
        <section className={styles.panelSection}>
          <h3 className={styles.panelHeading}>{t('product.customLabels')}</h3>
          <Facts rows={labels} />
        </section>
      )}
      {extra.length > 0 && (
        <section className={styles.panelSection}>
          <h3 className={styles.panelHeading}>{t('product.extra')}</h3>
          <Facts rows={extra.map(([label, value]) => ({ label, value }))} />
        </section>
      )}
    </>
  );
}

/** One product of the feed in a side panel. */
export function ProductPanel({ productKey, onClose }: { productKey: number; onClose: () => void }) {
  const { t } = useTranslation('products');
  const query = useProduct(productKey);
  const product = query.data;
  return (
    <SidePanel
      onClose={onClose}
      size="xlarge"
      title={product?.title ?? t('common:loading')}
      subtitle={product?.brand}
    >
      {product ? (
        <ProductDetails product={product} />
      ) : query.isError ? (
        <div className={listStyles.state} role="alert">
          <p className={listStyles.stateTitle}>{failureText(t, query.error)}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : (
        <p className={styles.muted} aria-busy="true">
          {t('common:loading')}
        </p>
      )}
    </SidePanel>
  );
}
