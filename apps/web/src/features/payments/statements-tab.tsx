import type { OrganisationKind, StatementAccountDto, StatementDto, StatementFormat } from '@rtb/shared';
import { statementFormats } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatMoney } from '../../lib/format';
import { openApiPath } from '../../lib/open-api-path';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import listStyles from '../../shell/list/list.module.css';
import { notify } from '../../shell/toast/notify';
import { useAdvertisers } from '../organisations';
import { SignedAmount } from './money-cells';
import styles from './payments.module.css';
import { monthLabel, statementMonths } from './statement-months';
import { type StatementOf, statementFilePath, useStatement } from './statements-api';

/** One account's summary: opening balance, what moved it by operation, money in and out, closing balance. */
function AccountSummary({ statement, account }: { statement: StatementDto; account: StatementAccountDto }) {
  const { t } = useTranslation('payments');
  const money = (value: number) => formatMoney(value, statement.currency, t('common:currencyNotSet'));
  const headingId = `statement-${account.account}`;
  return (
    <section className={styles.statementAccount} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardHeading}>
        {t(`accounts.${account.account}`)}
      </h3>
      <dl className={styles.preview}>
        <dt>{t('statements.opening')}</dt>
        <dd>{money(account.opening)}</dd>
        {account.totals.map((total) => (
          <div key={total.type} className={styles.statementRow}>
            <dt>
              {t(`types.${total.type}`, { context: account.account })}
              <span className={styles.sub}>{t('statements.lines', { count: total.lines })}</span>
            </dt>
            <dd>
              <SignedAmount value={total.amount} currency={statement.currency} />
            </dd>
          </div>
        ))}
        <dt>{t('statements.credits')}</dt>
        <dd>{money(account.credits)}</dd>
        <dt>{t('statements.debits')}</dt>
        <dd>{money(account.debits)}</dd>
        <dt className={styles.total}>{t('statements.closing')}</dt>
        <dd className={styles.total}>{money(account.closing)}</dd>
      </dl>
    </section>
  );
}

/**
 * The Statements tab of an agency's or advertiser's payments page: a month (the last complete
 * one unless picked; the current one to date), and for an agency whose statement (its own or one
 * of its advertisers'); the statement's balances and totals per account, and its PDF and CSV,
 * which open through a download link in the user's language.
 */
export function StatementsTab({ kind }: { kind: OrganisationKind }) {
  const { t, i18n } = useTranslation('payments');
  const language = i18n.language === 'pl' ? 'pl' : 'en';
  const months = statementMonths();
  const [month, setMonth] = useState(months[1] ?? months[0] ?? '');
  const [whose, setWhose] = useState<StatementOf>('own');
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const clients = useAdvertisers('agency', { perPage: 100, sort: 'name' }, kind === 'agency');
  const query = useStatement(kind, whose, month);
  const statement = query.data;
  const moved = statement?.accounts.some((account) => account.lines.length > 0) ?? false;
  const label = (value: string) =>
    value === months[0]
      ? t('statements.monthToDate', { month: monthLabel(value, language) })
      : monthLabel(value, language);

  const download = (format: StatementFormat) => {
    setBusy(format);
    openApiPath(statementFilePath(kind, whose, month, { format, locale: language }))
      .catch((error: unknown) => notify.error(failureText(t, error)))
      .finally(() => setBusy(null));
  };

  return (
    <section className={styles.statements} aria-labelledby="statements-heading">
      <div>
        <h2 id="statements-heading" className={styles.cardHeading}>
          {t('statements.label')}
        </h2>
        <p className={styles.note}>{t('statements.lead')}</p>
      </div>
      <form className={listStyles.filterBar} onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={t('statements.month')}
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          options={months.map((value) => ({ value, label: label(value) }))}
        />
        {kind === 'agency' && (
          <SelectField
            label={t('statements.whose')}
            value={whose === 'own' ? '' : String(whose.advertiserId)}
            onChange={(event) =>
              setWhose(event.target.value ? { advertiserId: Number(event.target.value) } : 'own')
            }
            options={[
              { value: '', label: t('statements.own') },
              ...(clients.data?.elements ?? []).map((advertiser) => ({
                value: String(advertiser.id),
                label: advertiser.name,
              })),
            ]}
          />
        )}
      </form>

      {query.isError ? (
        <div className={listStyles.state} role="alert">
          <p className={listStyles.stateTitle}>{failureText(t, query.error)}</p>
          <Button variant="outline" onClick={() => query.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : !statement ? (
        <p className={styles.note} aria-busy="true">
          {t('common:loading')}
        </p>
      ) : (
        <div className={styles.statement} aria-busy={query.isFetching || undefined}>
          <p className={styles.note}>
            {t(statement.complete ? 'statements.period' : 'statements.periodToDate', {
              from: formatDay(statement.from),
              to: formatDay(statement.to),
            })}
          </p>
          {statement.accounts.length === 0 ? (
            <div className={listStyles.state}>
              <p className={listStyles.stateTitle}>{t('statements.noAccount.title')}</p>
              <p className={listStyles.stateBody}>{t('statements.noAccount.body')}</p>
            </div>
          ) : (
            <>
              {!moved && (
                <div className={listStyles.state}>
                  <p className={listStyles.stateTitle}>
                    {t('statements.empty.title', { month: monthLabel(statement.month, language) })}
                  </p>
                  <p className={listStyles.stateBody}>{t('statements.empty.body')}</p>
                </div>
              )}
              <div className={styles.statementAccounts}>
                {statement.accounts.map((account) => (
                  <AccountSummary key={account.account} statement={statement} account={account} />
                ))}
              </div>
              <p className={styles.note}>{t('statements.checked')}</p>
            </>
          )}
          <section className={styles.actions} aria-label={t('statements.downloads')}>
            {statementFormats.map((format) => (
              <Button
                key={format}
                size="small"
                variant="outline"
                loading={busy === format}
                onClick={() => download(format)}
              >
                {t(`statements.${format}`)}
              </Button>
            ))}
          </section>
        </div>
      )}
    </section>
  );
}
