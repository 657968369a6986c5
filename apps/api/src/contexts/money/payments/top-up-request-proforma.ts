import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { proformaDocument } from '../invoices/document';
import { pdfFilename } from '../invoices/invoice-pdf';
import { TOP_UP_DESCRIPTION } from '../invoices/issue-invoice';
import { renderPdf } from '../invoices/pdf';
import { sellerSnapshot } from '../invoices/seller';
import { taxedFacts } from '../invoices/tax';
import type { MoneyScope } from './scope';
import { topUpRequestNumber } from './top-up-request-dto';
import { findTopUpRequest } from './top-up-requests-repository';

/** The proforma PDF of a top-up request within the scope: what to transfer, where, with which title. */
export async function topUpRequestProforma(deps: AppDeps, id: number, scope: MoneyScope) {
  const row = await findTopUpRequest(deps.db, id, scope);
  if (!row) throw notFound();
  const transferTitle = topUpRequestNumber(row.id);
  const content = await renderPdf(
    proformaDocument({
      transferTitle,
      issuedAt: row.createdAt,
      seller: await sellerSnapshot(deps),
      buyer: row.buyer,
      description: TOP_UP_DESCRIPTION,
      ...taxedFacts(row),
    }),
  );
  return { filename: pdfFilename(`PROFORMA-${transferTitle}`), content };
}
