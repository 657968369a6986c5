// The public surface of features/payments: what other features, the panels, the router and the shell use.

export { AdminPaymentsPage } from './admin-payments-page';
export { ManualOperationActions } from './manual-operation-actions';
export { OrganisationPaymentsPage } from './organisation-payments-page';
