import { reportDimensions } from '@rtb/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderWithApp } from '../../test/render';
import { ReportDimensionCell } from './report-dimension-cell';
import { ReportGrouping } from './report-grouping';
import { winterSale } from './test-fixtures';

const grouping = {
  time: 'none',
  dimensions: reportDimensions,
  period: { from: '2026-01-01', to: '2026-01-07' },
  onChange: vi.fn(),
} as const;

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** The report by product (dynamic banners): offered in the split, a row named by the product's title. */
describe('the product dimension', () => {
  it('is offered in the split, with a hint of what its rows count, in both languages', async () => {
    const { rerender } = renderWithApp(<ReportGrouping {...grouping} by="none" />);
    expect(screen.getByRole('option', { name: 'Product (dynamic banners)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Split by')).not.toHaveAccessibleDescription();
    rerender(<ReportGrouping {...grouping} by="product" />);
    expect(screen.getByLabelText('Split by')).toHaveAccessibleDescription(
      'A product counts each time a dynamic banner showed it; spend is per banner, not per product',
    );
    await i18n.changeLanguage('pl');
    expect(await screen.findByRole('option', { name: 'Produkt (banery dynamiczne)' })).toBeInTheDocument();
  });

  it('names a row by the product’s title, else by its key', () => {
    const row = { ...winterSale, key: '4812', name: 'Oak lamp', campaignStatus: null };
    const { rerender } = renderWithApp(<ReportDimensionCell by="product" row={row} />);
    expect(screen.getByText('Oak lamp')).toBeInTheDocument();
    rerender(<ReportDimensionCell by="product" row={{ ...row, name: null }} />);
    expect(screen.getByText('#4812')).toBeInTheDocument();
  });
});
