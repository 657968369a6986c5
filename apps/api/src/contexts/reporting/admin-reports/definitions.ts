import type { GeneratedReportType } from '@rtb/shared';
import { conversionsReport } from './conversions-report';
import { invalidTrafficReport } from './invalid-traffic-report';
import type { ReportBuilder } from './report-plan';
import { revenueReport } from './revenue-report';
import { spendByCurrencyReport } from './spend-by-currency-report';
import { topDomainsReport } from './top-domains-report';

/** Each report type's builder. */
export const reportBuilders: Record<GeneratedReportType, ReportBuilder> = {
  revenue: revenueReport,
  'spend-by-currency': spendByCurrencyReport,
  'top-domains': topDomainsReport,
  'invalid-traffic': invalidTrafficReport,
  conversions: conversionsReport,
};
