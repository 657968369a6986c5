import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type InvoiceHeading, InvoicePanel } from './invoice-panel';
import styles from './invoices.module.css';
import type { InvoicesPanel } from './invoices-api';

/** An invoice's number that opens its preview (transactions, top-ups and requests show it). */
export function InvoiceLink({ panel, invoice }: { panel: InvoicesPanel; invoice: InvoiceHeading }) {
  const { t } = useTranslation('invoices');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.open}
        aria-label={t('open', { number: invoice.number })}
        onClick={() => setOpen(true)}
      >
        {invoice.number}
      </button>
      {open && <InvoicePanel panel={panel} invoice={invoice} onClose={() => setOpen(false)} />}
    </>
  );
}
