import type { CreateGeneratedReportBody, GeneratedReportDto } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api-client';

/** How often the list is read again while a report is queued or running (its progress bar moves). */
export const REPORTS_POLL_MS = 2_000;

type Params = RequestOptions['params'];

export const adminReportKeys = {
  all: ['admin-reports'] as const,
  list: (params: Params) => ['admin-reports', 'list', params] as const,
};

export const isInProgress = (report: GeneratedReportDto) =>
  report.status === 'queued' || report.status === 'running';

/** The generated reports, newest first; read again every few seconds while any of them is still being made. */
export function useGeneratedReports(params: Params) {
  return useQuery({
    queryKey: adminReportKeys.list(params),
    queryFn: async () => (await api.call(contract.adminReports.list, { query: params })).data.reports,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.elements.some(isInProgress) ? REPORTS_POLL_MS : false),
  });
}

export function useCreateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateGeneratedReportBody) =>
      (await api.call(contract.adminReports.create, { body })).data.report,
    onSuccess: () => void client.invalidateQueries({ queryKey: adminReportKeys.all }),
  });
}

export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.call(contract.adminReports.remove, { path: { id } });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: adminReportKeys.all }),
  });
}

/** The API path of a finished report's file (opened through a download link). */
export const reportDownloadPath = (id: number) => `/admin/reports/${id}/download`;
