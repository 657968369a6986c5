import {
  createGeneratedReportBody,
  generatedReportResponse,
  generatedReportsQuery,
  generatedReportsResponse,
} from '../schemas/admin-reports';
import { agencyOverviewResponse } from '../schemas/agency-overview';
import { agencyReportQuery, agencyReportResponse } from '../schemas/agency-reports';
import { statusBody } from '../schemas/common';
import { reportQuery, reportResponse } from '../schemas/reports';
import { route } from './route';

/** Campaign reports: the advertiser's own, and an agency's of one advertiser or of all (`reporting/reports`). */
export const reports = {
  own: route('GET', '/advertiser/reports', { query: reportQuery, response: reportResponse }),
  ofAdvertiser: route('GET', '/agency/advertisers/:id/reports', {
    query: reportQuery,
    response: reportResponse,
  }),
  agencyStats: route('GET', '/agency/advertiser-campaign-stats', {
    query: agencyReportQuery,
    response: agencyReportResponse,
  }),
  agencyOverview: route('GET', '/agency/overview', { response: agencyOverviewResponse }),
};

/** Reports the admin has generated as files (`reporting/admin-reports`). */
export const adminReports = {
  list: route('GET', '/admin/reports', { query: generatedReportsQuery, response: generatedReportsResponse }),
  create: route('POST', '/admin/reports', {
    body: createGeneratedReportBody,
    response: generatedReportResponse,
  }),
  remove: route('DELETE', '/admin/reports/:id', { response: statusBody }),
};
