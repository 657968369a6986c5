import { type Product, productAvailabilities } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import { AvailabilityBadge } from './badges';
import { ProductPriceText } from './product-price';
import styles from './products.module.css';
import { useProductFacets, useProducts } from './products-api';

const states = ['active', 'removed', 'all'] as const;

/** The chosen value first among the facet's (a shared link may name one no longer there). */
const optionsOf = (values: string[] | undefined, chosen: string) =>
  [...new Set(chosen ? [chosen, ...(values ?? [])] : (values ?? []))].map((value) => ({
    value,
    label: value,
  }));

/**
 * The feed's products: a search (id, title, brand, GTIN, MPN), filters (availability, brand and
 * product type from the facets, active, removed or all), kept in the URL; a title opens the
 * product. `pageKeys` are the page's own URL parameters (its tab).
 */
export function ProductBrowser({ onOpen, pageKeys }: { onOpen: (key: number) => void; pageKeys: string[] }) {
  const { t } = useTranslation('products');
  const { params, apiParams, update } = useListParams({ pageKeys });
  const { availability = '', brand = '', productType = '', state = '' } = params.filters;
  const list = useProducts(apiParams);
  const facets = useProductFacets();
  const filtered = Boolean(params.search || availability || brand || productType || state);

  const columns: Column<Product>[] = [
    {
      key: 'image',
      header: t('browser.columns.image'),
      cell: (product) => (
        <img
          className={styles.thumbnail}
          src={product.thumbnailUrl}
          alt={t('browser.imageAlt', { title: product.title })}
          loading="lazy"
          decoding="async"
          width={56}
          height={56}
        />
      ),
    },
    {
      key: 'title',
      header: t('browser.columns.title'),
      cell: (product) => (
        <span className={styles.titleCell}>
          <button
            type="button"
            className={styles.open}
            aria-label={t('browser.open', { title: product.title })}
            onClick={() => onOpen(product.key)}
          >
            {product.title}
          </button>
          {product.removedAt && <p className={styles.muted}>{t('browser.removed')}</p>}
        </span>
      ),
    },
    {
      key: 'id',
      header: t('browser.columns.id'),
      cell: (product) => <span className={styles.code}>{product.id}</span>,
    },
    {
      key: 'price',
      header: t('browser.columns.price'),
      align: 'end',
      cell: (product) => <ProductPriceText price={product.price} salePrice={product.salePrice} />,
    },
    {
      key: 'availability',
      header: t('browser.columns.availability'),
      cell: (product) => <AvailabilityBadge availability={product.availability} />,
    },
    { key: 'brand', header: t('browser.columns.brand'), cell: (product) => product.brand ?? '—' },
    { key: 'type', header: t('browser.columns.type'), cell: (product) => product.productType ?? '—' },
  ];

  return (
    <section aria-labelledby="product-browser-heading">
      <h2 id="product-browser-heading" className={styles.sectionHeading}>
        {t('browser.heading')}
      </h2>
      <div className={listStyles.toolbar}>
        <SearchBox
          value={params.search}
          label={t('browser.search')}
          onSearch={(search) => update({ search })}
        />
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('browser.availability')}
            value={availability}
            onChange={(event) => update({ availability: event.target.value })}
            options={[
              { value: '', label: t('browser.anyAvailability') },
              ...productAvailabilities.map((value) => ({ value, label: t(`availability.${value}`) })),
            ]}
          />
          <SelectField
            className={styles.filter}
            label={t('browser.brand')}
            value={brand}
            onChange={(event) => update({ brand: event.target.value })}
            options={[{ value: '', label: t('browser.allBrands') }, ...optionsOf(facets.data?.brands, brand)]}
          />
          <SelectField
            className={styles.filter}
            label={t('browser.productType')}
            value={productType}
            onChange={(event) => update({ productType: event.target.value })}
            options={[
              { value: '', label: t('browser.allTypes') },
              ...optionsOf(facets.data?.productTypes, productType),
            ]}
          />
          <SelectField
            className={styles.filter}
            label={t('browser.state')}
            // The API lists active products unless told otherwise.
            value={state || 'active'}
            onChange={(event) => update({ state: event.target.value === 'active' ? '' : event.target.value })}
            options={states.map((value) => ({ value, label: t(`browser.states.${value}`) }))}
          />
        </div>
      </div>
      <DataTable
        caption={t('browser.caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(product) => product.key}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        empty={
          filtered
            ? { title: t('browser.filteredTitle'), body: t('browser.filteredBody') }
            : { title: t('browser.emptyTitle'), body: t('browser.emptyBody') }
        }
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
    </section>
  );
}
