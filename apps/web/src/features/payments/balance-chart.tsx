import type { BalanceDayDto, CurrencyRef, OrganisationKind } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatNumber } from '../../lib/format';
import { ChartLegend } from '../../shell/chart-legend/chart-legend';
import listStyles from '../../shell/list/list.module.css';
import styles from './payments.module.css';
import { useBalanceHistory } from './payments-api';

const dayLabel = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;
const colours = { balance: '#2563eb', second: '#16a34a' };

/** The first day and every day whose closing balances differ from the day before's. */
function changedDays(days: BalanceDayDto[]): BalanceDayDto[] {
  return days.filter(
    (day, index) =>
      index === 0 ||
      day.balance !== days[index - 1]?.balance ||
      day.balanceAgency !== days[index - 1]?.balanceAgency ||
      day.commission !== days[index - 1]?.commission,
  );
}

/** The line drawn beside the balance: an advertiser's agency-funded balance or an agency's commission. */
export type SecondSeries = 'balanceAgency' | 'commission';

/**
 * The balance trend: each day's closing balance over the last 90 days as a step line (a day
 * without movements keeps the balance). Screen readers get the caption and a table of the days
 * the balance changed. The y-axis is in money with 2 decimals, its ticks whole minor units.
 */
export function BalanceChart({
  kind,
  currency,
  second,
}: {
  kind: OrganisationKind;
  currency: CurrencyRef | null;
  /** A second line: the agency-funded balance of an advertiser whose campaigns its agency pays, or an agency's commission. */
  second: SecondSeries | null;
}) {
  const { t } = useTranslation('payments');
  const history = useBalanceHistory(kind);
  const money = (value: number) => formatMoney(value, currency, t('common:currencyNotSet'));
  const days = history.data?.days ?? [];

  return (
    <figure className={styles.trend} aria-labelledby="balance-trend-heading">
      <h2 id="balance-trend-heading" className={styles.cardHeading}>
        {t('trend.heading')}
      </h2>
      {history.isError ? (
        <p className={styles.note} role="alert">
          {t('trend.error')}
        </p>
      ) : history.isPending ? (
        <p className={styles.note} aria-busy="true">
          {t('common:loading')}
        </p>
      ) : !history.data.moved ? (
        <div className={listStyles.state}>
          <p className={listStyles.stateTitle}>{t('trend.empty.title')}</p>
          <p className={listStyles.stateBody}>{t('trend.empty.body')}</p>
        </div>
      ) : (
        <>
          <figcaption className={styles.note}>
            {t('trend.caption', {
              days: days.length,
              from: money(days[0]?.balance ?? 0),
              to: money(days[days.length - 1]?.balance ?? 0),
            })}
          </figcaption>
          {second && (
            <ChartLegend
              label={t('trend.legend')}
              entries={[
                { id: 'balance', name: t('trend.series.balance'), colour: colours.balance },
                { id: second, name: t(`trend.series.${second}`), colour: colours.second },
              ]}
            />
          )}
          <div className={styles.chart} aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart
                data={days}
                // The last day's label is centred on the right edge: room for its half.
                margin={{ top: 8, right: 28, bottom: 0, left: 8 }}
                accessibilityLayer={false}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="date" tickFormatter={dayLabel} minTickGap={24} />
                <YAxis
                  allowDecimals={false}
                  tickFormatter={(value: number) =>
                    formatNumber(value / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
                  }
                  width={72}
                />
                <Tooltip
                  labelFormatter={(label) => dayLabel(String(label))}
                  formatter={(value, name) => [money(Number(value)), t(`trend.series.${String(name)}`)]}
                />
                <Line
                  type="stepAfter"
                  dataKey="balance"
                  stroke={colours.balance}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
                {second && (
                  <Line
                    type="stepAfter"
                    dataKey={second}
                    stroke={colours.second}
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                )}
              </LineChart>
            </ResponsiveContainer>
          </div>
          <div className="visually-hidden">
            <table>
              <caption>{t('trend.tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('trend.day')}</th>
                  <th scope="col">{t('trend.series.balance')}</th>
                  {second && <th scope="col">{t(`trend.series.${second}`)}</th>}
                </tr>
              </thead>
              <tbody>
                {changedDays(days).map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{dayLabel(day.date)}</th>
                    <td>{money(day.balance)}</td>
                    {second && <td>{money(day[second] ?? 0)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}
