// The public surface of features/invoices: what other features, the panels, the router and the shell use.

export { InvoiceLink } from './invoice-link';
export { InvoicesList } from './invoices-list';
export { OrganisationFilters } from './organisation-filters';
export { PdfDocument } from './pdf-document';
