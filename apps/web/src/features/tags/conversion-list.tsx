import {
  BROWSER_CONVERSIONS_PER_USER_HOUR,
  type ConversionDebug,
  type ConversionStatus,
  MIN_CLICK_TO_CONVERSION_SECONDS,
} from '@rtb/shared';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CurrencyOf, useCurrencyOf } from '../../account/reference-data';
import { useCan } from '../../auth/can';
import { formatDateTime } from '../../lib/format';
import { Badge, type BadgeTone } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { ToggleButton } from '../../shell/button/toggle-button';
import { failureText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import { notify } from '../../shell/toast/notify';
import { campaignMoney } from '../campaigns';
import styles from './tags.module.css';
import { useConfirmConversion, useConversions } from './tags-api';

const statusTone: Record<ConversionStatus, BadgeTone> = {
  counted: 'success',
  held: 'warning',
  confirmed: 'info',
  bot: 'muted',
};

/** An amount of a conversion in its currency, or a dash without one. */
const moneyOf = (currencyOf: CurrencyOf, conversion: ConversionDebug, minor: number | null) =>
  minor === null ? '—' : campaignMoney(minor, currencyOf(conversion.currency));

/** Its status as a badge, why it was held, who confirmed it, and whether an ad of ours came before it. */
function ConversionNotes({
  conversion,
  currencyOf,
}: {
  conversion: ConversionDebug;
  currencyOf: CurrencyOf;
}) {
  const { t } = useTranslation('tags');
  return (
    <div className={styles.notes}>
      <Badge tone={statusTone[conversion.status]}>{t(`conversions.statuses.${conversion.status}`)}</Badge>
      {conversion.holdReasons.length > 0 && (
        <ul className={styles.hints}>
          {conversion.holdReasons.map((reason) => (
            <li key={reason} className={styles.hint}>
              {t(`conversions.reasons.${reason}`, {
                count: BROWSER_CONVERSIONS_PER_USER_HOUR,
                seconds: MIN_CLICK_TO_CONVERSION_SECONDS,
              })}
            </li>
          ))}
        </ul>
      )}
      {conversion.confirmedBy && conversion.confirmedAt && (
        <span className={styles.small}>
          {t(`conversions.confirmedBy.${conversion.confirmedBy}`, {
            time: formatDateTime(conversion.confirmedAt),
            value: moneyOf(currencyOf, conversion, conversion.confirmedValueMinor),
          })}
        </span>
      )}
      <span className={styles.small}>{t(`conversions.attribution.${conversion.attribution ?? 'none'}`)}</span>
    </div>
  );
}

function columnsOf(
  t: TFunction,
  currencyOf: CurrencyOf,
  confirm: ((conversion: ConversionDebug) => void) | null,
): Column<ConversionDebug>[] {
  const shownValue = (c: ConversionDebug) => moneyOf(currencyOf, c, c.valueMinor);
  const columns: Column<ConversionDebug>[] = [
    {
      key: 'time',
      header: t('conversions.columns.time'),
      cell: (c) => (
        <time className={styles.nowrap} dateTime={`${c.receivedAt.replace(' ', 'T')}Z`}>
          {formatDateTime(c.receivedAt)}
        </time>
      ),
    },
    { key: 'order', header: t('conversions.columns.order'), cell: (c) => c.orderId },
    {
      key: 'source',
      header: t('conversions.columns.source'),
      cell: (c) => <span className={styles.nowrap}>{t(`conversions.sources.${c.source}`)}</span>,
    },
    {
      key: 'value',
      header: t('conversions.columns.value'),
      align: 'end',
      cell: (c) => <span className={styles.nowrap}>{shownValue(c)}</span>,
    },
    {
      key: 'status',
      header: t('conversions.columns.status'),
      cell: (c) => <ConversionNotes conversion={c} currencyOf={currencyOf} />,
    },
  ];
  if (!confirm) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      header: t('conversions.columns.actions'),
      cell: (c: ConversionDebug) =>
        c.status === 'held' ? (
          <Button
            size="small"
            variant="outline"
            aria-label={t('conversions.confirmOrder', { order: c.orderId })}
            confirm={t('conversions.confirmQuestion', { order: c.orderId, value: shownValue(c) })}
            onClick={() => confirm(c)}
          >
            {t('conversions.confirm')}
          </Button>
        ) : null,
    },
  ];
}

/**
 * The debugger's conversions: the newest from the pixel, the tag and postbacks (or the held ones),
 * read again every few seconds while the debugger runs; a held one can be confirmed by a user who
 * may change integrations, after a prompt, and then counts in reports.
 */
export function ConversionList({ live }: { live: boolean }) {
  const { t } = useTranslation('tags');
  const canWrite = useCan('integrations', 'write');
  const currencyOf = useCurrencyOf();
  const [heldOnly, setHeldOnly] = useState(false);
  const conversions = useConversions(heldOnly ? 'held' : null, live);
  const confirm = useConfirmConversion();
  const onConfirm = async (conversion: ConversionDebug) => {
    try {
      await confirm.mutateAsync(conversion.id);
      notify.success(t('conversions.confirmed', { order: conversion.orderId }));
    } catch (error) {
      notify.error(failureText(t, error));
    }
  };
  const heldCount = conversions.data?.heldCount ?? 0;

  return (
    <div className={styles.conversions}>
      <div className={styles.debuggerHead}>
        <div>
          <h3 id="tag-conversions-heading" className={styles.subheading}>
            {t('conversions.heading')}
          </h3>
          <p className={styles.text}>{t('conversions.lead')}</p>
        </div>
        <fieldset className={`${styles.controls} ${styles.filter}`}>
          <legend className="visually-hidden">{t('conversions.show')}</legend>
          <ToggleButton pressed={!heldOnly} onClick={() => setHeldOnly(false)}>
            {t('conversions.all')}
          </ToggleButton>
          <ToggleButton pressed={heldOnly} onClick={() => setHeldOnly(true)}>
            {t('conversions.held', { count: heldCount })}
          </ToggleButton>
        </fieldset>
      </div>
      <DataTable
        caption={t('conversions.caption')}
        columns={columnsOf(t, currencyOf, canWrite ? (c) => void onConfirm(c) : null)}
        rows={conversions.data?.conversions}
        rowKey={(c) => c.id}
        loading={conversions.isPending}
        error={conversions.isError && !conversions.data ? t('conversions.loadFailed') : null}
        onRetry={() => void conversions.refetch()}
        empty={
          heldOnly
            ? { title: t('conversions.emptyHeld.title'), body: t('conversions.emptyHeld.body') }
            : { title: t('conversions.empty.title'), body: t('conversions.empty.body') }
        }
      />
    </div>
  );
}
