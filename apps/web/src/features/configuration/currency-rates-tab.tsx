import { type CurrencyRateDto, createCurrencyRateBody, messages } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type ApiError, api, isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { DateField } from '../../shell/form/date-field';
import { failureListText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { useTabListParams } from '../../shell/list/use-tab-list-params';
import { notify } from '../../shell/toast/notify';
import styles from './configuration.module.css';
import { useAllCurrencies, useCurrencyRates, useRefreshConfiguration } from './configuration-api';
import { loadError } from './list-state';

/** The select gives the id as text. */
const rateForm = createCurrencyRateBody.extend({
  currencyId: z.coerce.number().int().positive(messages.unknownCurrency),
});

/** A rate without its trailing zeros: 4.31250000 reads 4.3125. */
export const shortRate = (rate: string) =>
  rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
/** YYYY-MM-DD as DD.MM.YYYY (a calendar day: no time zone applies). */
export const displayDay = (day: string) => day.split('-').reverse().join('.');
const today = () => new Date().toISOString().slice(0, 10);

/** Currency rates: a small form to add one, and the rates newest first with delete. */
export function CurrencyRatesTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('configuration');
  const { params, apiParams, update } = useTabListParams();
  const rates = useCurrencyRates(apiParams);
  const currencies = useAllCurrencies();
  const refresh = useRefreshConfiguration();
  const base = rates.data?.baseCurrency;
  const toOption = (c: { id: number; code: string; name: string }) => ({
    value: c.id,
    label: `${c.code} – ${c.name}`,
  });
  const currencyOptions = (currencies.data?.elements ?? []).map(toOption);
  // The base currency needs no rate: it is always 1.
  const rateOptions = (currencies.data?.elements ?? []).filter((c) => c.code !== base).map(toOption);

  const remove = useMutation({
    mutationFn: (id: number) => api.call(contract.currencyRates.remove, { path: { id } }),
    onSuccess: () => {
      notify.success(t('rates.deleted'));
      refresh();
    },
    onError: (error) =>
      notify.error(isApiError(error) ? failureListText(t, error) : t('common:errors.communication')),
  });

  const columns: Column<CurrencyRateDto>[] = [
    {
      key: 'currency',
      header: t('columns.currency'),
      cell: (rate) => <span className={styles.code}>{rate.currencyCode}</span>,
    },
    {
      key: 'rate',
      header: t('columns.rate'),
      cell: (rate) => (
        <>
          <span className={styles.code}>{rate.rate}</span>
          {base && (
            <p className={styles.muted}>
              {t('rates.reads', { code: rate.currencyCode, rate: shortRate(rate.rate), base })}
            </p>
          )}
        </>
      ),
    },
    { key: 'validFrom', header: t('columns.validFrom'), cell: (rate) => displayDay(rate.validFrom) },
    { key: 'createdAt', header: t('columns.createdAt'), cell: (rate) => formatDateTime(rate.createdAt) },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      align: 'end',
      cell: (rate) => (
        <Button
          size="small"
          variant="outline"
          color="danger"
          confirm="choice"
          loading={remove.isPending && remove.variables === rate.id}
          onClick={() => remove.mutate(rate.id)}
          aria-label={t('rates.deleteLabel', { code: rate.currencyCode, day: displayDay(rate.validFrom) })}
        >
          {t('rates.delete')}
        </Button>
      ),
    });
  }

  return (
    <>
      {canWrite && <AddRateForm options={rateOptions} base={base} onAdded={refresh} />}
      <div className={listStyles.toolbar}>
        <SelectField
          label={t('rates.filterLabel')}
          options={currencyOptions}
          placeholder={t('rates.allCurrencies')}
          value={params.filters.currencyId ?? ''}
          onChange={(event) => update({ currencyId: event.target.value })}
        />
      </div>
      <DataTable
        caption={t('tabs.currency-rates')}
        columns={columns}
        rows={rates.data?.currencyRates.elements}
        rowKey={(rate) => rate.id}
        loading={rates.isFetching}
        error={loadError(t, rates.error)}
        onRetry={() => void rates.refetch()}
        empty={{ title: t('rates.empty'), body: canWrite ? t('rates.emptyBody') : undefined }}
      />
      <Pagination meta={rates.data?.currencyRates.meta} onPage={(page) => update({ page })} />
    </>
  );
}

function AddRateForm({
  options,
  base,
  onAdded,
}: {
  options: { value: number; label: string }[];
  base: string | undefined;
  onAdded: () => void;
}) {
  const { t } = useTranslation('configuration');
  const form = useApiForm(rateForm, { rate: '', validFrom: today() });
  const field = form.field;
  const onSubmit = form.submit(
    async (values) => {
      await api.call(contract.currencyRates.create, { body: values });
      notify.success(t('rates.added'));
      form.reset({ currencyId: values.currencyId, rate: '', validFrom: values.validFrom });
      onAdded();
    },
    (error: ApiError) => {
      const onFields = Object.keys(error.validationErrors).length > 0;
      notify.error(onFields ? t('common:errors.validation') : failureListText(t, error));
      return onFields ? null : failureListText(t, error);
    },
  );
  return (
    <section className={styles.rateCard} aria-labelledby="add-rate-heading">
      <h2 id="add-rate-heading" className={styles.cardHeading}>
        {t('rates.addHeading')}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={form.formError} />
        <div className={styles.rateForm}>
          <SelectField
            label={t('rates.currencyLabel')}
            placeholder={t('rates.choose')}
            required
            options={options}
            defaultValue=""
            {...field('currencyId')}
          />
          <TextField
            label={base ? t('rates.rateLabelBase', { base }) : t('rates.rateLabel')}
            hint={t('rates.rateHint')}
            inputMode="decimal"
            autoComplete="off"
            {...field('rate')}
          />
          <DateField
            label={t('rates.validFromLabel')}
            name="validFrom"
            value={form.watch('validFrom') ?? ''}
            error={field('validFrom').error}
            onChange={(event) => {
              form.clearErrors('validFrom');
              form.setValue('validFrom', event.target.value, { shouldDirty: true });
            }}
          />
          <Button type="submit" loading={form.saving}>
            {t('rates.add')}
          </Button>
        </div>
      </form>
    </section>
  );
}
