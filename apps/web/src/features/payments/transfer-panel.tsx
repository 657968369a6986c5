import { type PaymentsOverviewDto, transferDirections } from '@rtb/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatMoney } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { Button } from '../../shell/button/button';
import { FormError } from '../../shell/form/form-error';
import { SearchSelect } from '../../shell/form/search-select';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import { useAdvertisers } from '../organisations';
import { transferToAdvertiser, useRefreshMoney } from './payments-api';
import { topUpAmount } from './top-up-form-schema';
import { useMoneyForm } from './use-money-form';

/** The transfer form: the advertiser is picked from a select (its value is the id as text). */
const transferForm = z.object({
  direction: z.enum(transferDirections),
  advertiserId: z.coerce.number().int().positive(),
  amount: topUpAmount,
  reason: z.string().trim().max(500).optional(),
});

/**
 * An agency funds one of its advertisers from its balance, or takes unspent funding back; the
 * API refuses what the balances (or the currencies) do not allow, on the fields.
 */
export function TransferPanel({ overview, onClose }: { overview: PaymentsOverviewDto; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const form = useApiForm(transferForm, {
    direction: 'to_advertiser',
    advertiserId: '',
    amount: '',
    reason: '',
  });
  const { field, describe } = useMoneyForm(form);
  const idempotency = useIdempotencyKey();
  const refresh = useRefreshMoney();
  const [search, setSearch] = useState('');
  const found = useAdvertisers('agency', { search: search || undefined, perPage: 25, sort: 'name' });
  const [closeAt, setCloseAt] = useState<number | null>(null);
  // The chosen advertiser stays offered when a new search no longer finds it.
  const names = useRef(new Map<string, string>());
  for (const advertiser of found.data?.elements ?? [])
    names.current.set(String(advertiser.id), advertiser.name);
  const chosenId = String(form.watch('advertiserId') ?? '');
  const chosenName = names.current.get(chosenId);

  const onSubmit = form.submit(async (values) => {
    const body = { ...values, reason: values.reason || null };
    const payment = await transferToAdvertiser(body, idempotency.keyFor(body));
    idempotency.settled();
    void refresh();
    notify.success(
      t('transfer.done', {
        amount: formatMoney(Math.abs(payment.amount), payment.currency, t('common:currencyNotSet')),
        advertiser: payment.counterparty?.name ?? '',
      }),
    );
    setCloseAt(Date.now());
  }, describe);

  return (
    <SidePanel
      title={t('transfer.title')}
      subtitle={t('transfer.subtitle', {
        balance: formatMoney(overview.balance, overview.currency, t('common:currencyNotSet')),
      })}
      onClose={onClose}
      closeTimestamp={closeAt}
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('transfer.title')}>
        <FormError message={form.formError} />
        <SelectField
          label={t('transfer.direction')}
          options={transferDirections.map((value) => ({ value, label: t(`transfer.directions.${value}`) }))}
          {...field('direction')}
        />
        <SearchSelect
          searchLabel={t('transfer.advertiserSearch')}
          search={search}
          onSearch={setSearch}
          found={(found.data?.elements ?? []).map((advertiser) => ({
            value: advertiser.id,
            label: advertiser.name,
          }))}
          chosen={chosenName ? { value: chosenId, label: chosenName } : null}
          label={t('transfer.advertiser')}
          placeholder={t('transfer.chooseAdvertiser')}
          {...field('advertiserId')}
        />
        <TextField
          label={t('transfer.amount')}
          hint={t('topUp.amountHint')}
          inputMode="decimal"
          autoComplete="off"
          {...field('amount')}
        />
        <TextField label={t('transfer.reason')} maxLength={500} autoComplete="off" {...field('reason')} />
        <Button type="submit" layout="block" loading={form.saving}>
          {t('transfer.submit')}
        </Button>
      </form>
    </SidePanel>
  );
}
