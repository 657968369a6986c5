import type { TagDebugEvent } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type CurrencyOf, useCurrencyOf } from '../../account/reference-data';
import { type CurrencyLike, currencySymbol, formatDateTime, formatNumber } from '../../lib/format';
import { Badge } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import { ConversionList } from './conversion-list';
import styles from './tags.module.css';
import { type LiveState, useLiveTagEvents } from './use-live-tag-events';

/**
 * A decimal string as sent ('30.00') in the user's language, its decimals kept (as sent if not a
 * number), with the symbol of its currency.
 */
function formatValue(value: string, currency: CurrencyLike | null): string {
  const decimals = value.split('.')[1]?.length ?? 0;
  const amount = Number(value);
  const shown = Number.isFinite(amount)
    ? formatNumber(amount, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    : value;
  return currency ? `${shown} ${currencySymbol(currency)}` : shown;
}

function columnsOf(t: TFunction, currencyOf: CurrencyOf): Column<TagDebugEvent>[] {
  const orDash = (value: string | number | null) => (value === null || value === '' ? '—' : value);
  return [
    {
      key: 'time',
      header: t('debugger.columns.time'),
      cell: (event) => (
        <time className={styles.nowrap} dateTime={`${event.receivedAt.replace(' ', 'T')}Z`}>
          {formatDateTime(event.receivedAt)}
        </time>
      ),
    },
    {
      key: 'type',
      header: t('debugger.columns.type'),
      cell: (event) => <span className={styles.nowrap}>{t(`types.${event.type}`)}</span>,
    },
    {
      key: 'page',
      header: t('debugger.columns.page'),
      cell: (event) => <span className={styles.url}>{orDash(event.pageUrl)}</span>,
    },
    {
      key: 'products',
      header: t('debugger.columns.products'),
      cell: (event) => orDash(event.productIds.join(', ')),
    },
    {
      key: 'quantity',
      header: t('debugger.columns.quantity'),
      align: 'end',
      cell: (event) => (event.quantity === null ? '—' : formatNumber(event.quantity)),
    },
    { key: 'order', header: t('debugger.columns.order'), cell: (event) => orDash(event.orderId) },
    {
      key: 'value',
      header: t('debugger.columns.value'),
      align: 'end',
      cell: (event) => (
        <span className={styles.nowrap}>
          {event.value === null
            ? '—'
            : formatValue(event.value, event.currency ? currencyOf(event.currency) : null)}
        </span>
      ),
    },
    {
      key: 'notes',
      header: t('debugger.columns.notes'),
      cell: (event) => <EventNotes event={event} />,
    },
  ];
}

/** The bot badge and the hints, each a warning in words. */
function EventNotes({ event }: { event: TagDebugEvent }) {
  const { t } = useTranslation('tags');
  if (!event.bot && event.hints.length === 0) return null;
  return (
    <div className={styles.notes}>
      {event.bot && (
        <span title={t('debugger.botNote')}>
          <Badge tone="muted">{t('debugger.bot')}</Badge>
          <span className="visually-hidden">{t('debugger.botNote')}</span>
        </span>
      )}
      {event.hints.length > 0 && (
        <ul className={styles.hints}>
          {event.hints.map((hint) => (
            <li key={hint} className={styles.hint}>
              {t(`debugger.hints.${hint}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const stateTone: Record<LiveState, string | undefined> = {
  connecting: undefined,
  open: styles.live,
  reconnecting: styles.trouble,
  paused: undefined,
  failed: styles.trouble,
};

/**
 * The live tag debugger: the latest events, then each new one on top as it arrives; Pause and
 * Start, Clear, and the connection's state (announced politely; rows are never animated); below
 * them the conversions of every source with the held ones (read again while it runs).
 */
export function TagDebugger() {
  const { t } = useTranslation('tags');
  const currencyOf = useCurrencyOf();
  const live = useLiveTagEvents();
  const paused = live.state === 'paused' || live.state === 'failed';
  const stateText =
    live.state === 'failed'
      ? t('debugger.state.failed', { reason: failureText(t, live.failure) })
      : t(`debugger.state.${live.state}`);
  const waiting = live.recent.isPending && live.events.length === 0;

  return (
    <section className={styles.card} aria-labelledby="tag-debugger-heading">
      <div className={styles.debuggerHead}>
        <div>
          <h2 id="tag-debugger-heading" className={styles.cardHeading}>
            {t('debugger.heading')}
          </h2>
          <p className={styles.cardLead}>{t('debugger.lead')}</p>
        </div>
        <div className={styles.controls}>
          <Button size="small" variant="outline" onClick={paused ? live.start : live.pause}>
            {t(paused ? 'debugger.start' : 'debugger.pause')}
          </Button>
          <Button size="small" variant="outline" disabled={live.events.length === 0} onClick={live.clear}>
            {t('debugger.clear')}
          </Button>
        </div>
      </div>
      <p className={styles.connection} role="status">
        <span className={`${styles.dot} ${stateTone[live.state] ?? ''}`} aria-hidden="true" />
        {stateText}
      </p>
      <DataTable
        caption={t('debugger.caption')}
        columns={columnsOf(t, currencyOf)}
        rows={waiting ? undefined : live.events}
        rowKey={(event) => event.id}
        loading={waiting}
        error={live.recent.isError && live.events.length === 0 ? t('debugger.loadFailed') : null}
        onRetry={() => void live.recent.refetch()}
        empty={{ title: t('debugger.empty.title'), body: t('debugger.empty.body') }}
      />
      <ConversionList live={!paused} />
    </section>
  );
}
