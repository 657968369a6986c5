/*
 * Every feature's texts, registered when a panel loads. Pages load lazily with their own modules
 * only, and a page's components also use other features' namespaces ('reports:metrics.clicks').
 * Texts only: importing the features' indexes would bring their modules too.
 */
import '../features/activity-logs/texts';
import '../features/admin-reports/texts';
import '../features/advertisers/texts';
import '../features/agencies/texts';
import '../features/agency-overview/texts';
import '../features/agency-reporting/texts';
import '../features/audiences/texts';
import '../features/banners/texts';
import '../features/campaigns/texts';
import '../features/demo-traffic/texts';
import '../features/integrations/texts';
import '../features/invoices/texts';
import '../features/organisations/texts';
import '../features/payments/texts';
import '../features/performance/texts';
import '../features/products/texts';
import '../features/regulations/texts';
import '../features/reports/texts';
import '../features/retargeting-setup/texts';
import '../features/rtb-views/texts';
import '../features/support/texts';
import '../features/tags/texts';
import '../features/users/texts';
