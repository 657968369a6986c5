import type { LogTopUpRequestDto } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { formatCountry, formatDateTime, formatMoney, formatPercent } from '../../lib/format';
import { CopyableText } from '../../shell/button/copyable-text';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { InvoiceLink, PdfDocument } from '../invoices';
import { BankAccountValue } from './bank-account-value';
import styles from './top-up-request.module.css';
import { TopUpRequestDecision } from './top-up-request-decision';
import { TopUpRequestStatusBadge } from './top-up-request-status-badge';
import { proformaPath, type TopUpRequestsPanel, useTopUpRequest } from './top-up-requests-api';

function Facts({ heading, facts }: { heading: string; facts: [label: string, value: ReactNode][] }) {
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionHeading}>{heading}</h3>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * A top-up request: its amounts, where and with what title to pay, the buyer's billing data as
 * they were, who asked and who decided (and why it was rejected), the invoice and the proforma.
 * A pending request's decision is the admin's (payments write).
 */
export function TopUpRequestPanel({
  panel,
  row,
  onClose,
}: {
  panel: TopUpRequestsPanel;
  row: LogTopUpRequestDto;
  onClose: () => void;
}) {
  const { t } = useTranslation('top-up-requests');
  const canDecide = useCan('payments', 'write') && panel === 'admin';
  const request = useTopUpRequest(panel, row).data ?? row;
  const money = (value: number) => formatMoney(value, request.currency, t('common:currencyNotSet'));
  const none = t('none');
  const person = (who: { name: string; email: string } | null) => (who ? `${who.name} (${who.email})` : none);

  return (
    <SidePanel
      title={t('detail.title', { id: request.id })}
      subtitle={formatDateTime(request.createdAt)}
      size="large"
      onClose={onClose}
    >
      <TopUpRequestStatusBadge status={request.status} />
      {canDecide && request.status === 'pending' && <TopUpRequestDecision request={request} />}
      <Facts
        heading={t('detail.amounts')}
        facts={[
          [t('columns.net'), money(request.net)],
          [
            request.taxNote
              ? t(`detail.taxNotes.${request.taxNote}`, { defaultValue: request.taxNote })
              : t('detail.taxPercent', { percent: formatPercent(request.taxPercent) }),
            money(request.tax),
          ],
          [t('columns.gross'), money(request.gross)],
        ]}
      />
      <Facts
        heading={t('detail.transfer')}
        facts={[
          [
            t('detail.transferTitle'),
            <CopyableText
              key="title"
              className={styles.code}
              text={request.transferTitle}
              what={t('detail.transferTitle')}
            />,
          ],
          [
            t('detail.bankAccount'),
            <BankAccountValue
              key="account"
              className={styles.code}
              account={request.bankAccount}
              what={t('detail.bankAccount')}
            />,
          ],
        ]}
      />
      <Facts
        heading={t('detail.buyer')}
        facts={[
          [t('detail.buyerName'), request.buyer.name],
          [t('detail.taxId'), request.buyer.taxId],
          [t('detail.address'), request.buyer.address],
          [t('detail.email'), request.buyer.email],
          [
            t('detail.country'),
            formatCountry({ name: request.buyer.country, code: request.buyer.countryCode }),
          ],
        ]}
      />
      <Facts
        heading={t('columns.status')}
        facts={[
          [t('detail.comment'), request.comment ?? none],
          [
            t('detail.requestedBy'),
            request.impersonator
              ? t('payments:asImpersonator', {
                  name: person(request.requestedBy),
                  admin: person(request.impersonator),
                })
              : person(request.requestedBy),
          ],
          [
            t('detail.decidedBy'),
            request.decidedAt ? `${person(request.decidedBy)}, ${formatDateTime(request.decidedAt)}` : none,
          ],
          ...(request.rejectionReason
            ? [[t('detail.rejectionReason'), request.rejectionReason] as [string, ReactNode]]
            : []),
          [
            t('detail.invoice'),
            request.invoice ? <InvoiceLink key="invoice" panel={panel} invoice={request.invoice} /> : none,
          ],
        ]}
      />
      <section className={styles.section}>
        <h3 className={styles.sectionHeading}>{t('detail.proforma')}</h3>
        <PdfDocument
          path={proformaPath(panel, request.id)}
          fileName={t('detail.proformaTitle', { title: request.transferTitle })}
        />
      </section>
    </SidePanel>
  );
}
