import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderWithApp } from '../../test/render';
import { ReportDimensionCell } from './report-dimension-cell';
import { winterSale } from './test-fixtures';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** The report by domain: sites by domain, apps by bundle or name, never a bare App Store number. */
describe('the domain dimension', () => {
  const row = (key: string) => ({ ...winterSale, key, name: null, campaignStatus: null });

  it('shows a domain, a bundle or an app’s name as recorded', () => {
    const { rerender } = renderWithApp(<ReportDimensionCell by="domain" row={row('news.example')} />);
    expect(screen.getByText('news.example')).toBeInTheDocument();
    rerender(<ReportDimensionCell by="domain" row={row('Example Game (1234567890)')} />);
    expect(screen.getByText('Example Game (1234567890)')).toBeInTheDocument();
  });

  it('calls an older event’s numeric App Store id an App Store app, in both languages', async () => {
    renderWithApp(<ReportDimensionCell by="domain" row={row('1234567890')} />);
    expect(screen.getByText('App 1234567890 (App Store)')).toBeInTheDocument();
    await i18n.changeLanguage('pl');
    expect(await screen.findByText('Aplikacja 1234567890 (App Store)')).toBeInTheDocument();
  });
});
