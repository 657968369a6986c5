import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { type InvoicesPanel, invoicePdfPath } from './invoices-api';
import { PdfDocument } from './pdf-document';
import { SendInvoiceForm } from './send-invoice-form';

/** What a preview needs of an invoice: a list row, or a transaction's `invoiceRef`. */
export interface InvoiceHeading {
  id: number;
  number: string;
}

/** An invoice's PDF in a side panel, to download or (with the write permission) send by e-mail. */
export function InvoicePanel({
  panel,
  invoice,
  onClose,
}: {
  panel: InvoicesPanel;
  invoice: InvoiceHeading;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoices');
  const canSend = useCan('payments', 'write');
  return (
    <SidePanel title={t('preview.title', { number: invoice.number })} size="large" onClose={onClose}>
      <PdfDocument path={invoicePdfPath(panel, invoice.id)} fileName={invoice.number} />
      {canSend && <SendInvoiceForm panel={panel} invoiceId={invoice.id} />}
    </SidePanel>
  );
}
