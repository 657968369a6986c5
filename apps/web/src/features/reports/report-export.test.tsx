import { REPORT_EXPORT_MAX_ROWS } from '@rtb/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { ReportExport } from './report-export';

const pathOf = () => '/advertiser/reports/export?format=csv';

describe('the report’s export', () => {
  it('offers CSV and XLSX up to the rows an export holds', () => {
    renderWithApp(<ReportExport pathOf={pathOf} rows={REPORT_EXPORT_MAX_ROWS} />);
    for (const name of ['Export CSV', 'Export XLSX'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(screen.queryByText(/at most 200,000 rows/)).not.toBeInTheDocument();
  });

  it('says why instead when the report has more rows than that', () => {
    renderWithApp(<ReportExport pathOf={pathOf} rows={REPORT_EXPORT_MAX_ROWS + 1} />);
    for (const name of ['Export CSV', 'Export XLSX']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(
        'An export holds at most 200,000 rows: choose a shorter period or split by less.',
      );
    }
  });
});
