import { describe, expect, it } from 'vitest';
import {
  chartParamsOf,
  exportPathOf,
  nextSearch,
  reportParamsOf,
  reportQueryOf,
} from './agency-report-params';

describe('agency report parameters', () => {
  it('reads the address, leaving out what the contract does not know', () => {
    const params = reportParamsOf(
      new URLSearchParams(
        'from=2026-01-01&to=nope&advertiserId=-3&by=country&time=hour&sort=spendMicros&page=x',
      ),
    );
    expect(params).toEqual({
      from: '2026-01-01',
      to: undefined,
      advertiserId: undefined,
      campaignId: undefined,
      by: 'advertiser',
      time: 'hour',
      sort: 'spendMicros',
      order: 'desc',
      page: 1,
      compare: false,
    });
    expect(reportQueryOf(params)).toEqual({
      from: '2026-01-01',
      time: 'hour',
      sort: 'spendMicros',
      order: 'desc',
    });
  });

  it('writes changes, keeping defaults out and going back to the first page', () => {
    const current = new URLSearchParams('by=campaign&page=3&advertiserId=7');
    expect(nextSearch(current, { by: 'advertiser' }).toString()).toBe('advertiserId=7');
    expect(nextSearch(current, { page: 4 }).toString()).toBe('by=campaign&page=4&advertiserId=7');
    expect(nextSearch(current, { advertiserId: '' }).toString()).toBe('by=campaign');
  });

  it('asks for the comparison, and keeps the page when only it or the chart changes', () => {
    const current = new URLSearchParams('by=campaign&page=3');
    const compared = nextSearch(current, { compare: true });
    expect(compared.toString()).toBe('by=campaign&page=3&compare=previous');
    expect(reportQueryOf(reportParamsOf(compared))).toEqual({ by: 'campaign', page: 3, compare: 'previous' });
    expect(nextSearch(compared, { compare: false }).toString()).toBe('by=campaign&page=3');
    expect(nextSearch(current, { metric: 'clicks', chart: 'bar' }).toString()).toBe(
      'by=campaign&page=3&metric=clicks&chart=bar',
    );
    expect(nextSearch(current, { metric: 'spendMicros' }).toString()).toBe('by=campaign&page=3');
    expect(chartParamsOf(new URLSearchParams('metric=ctr&chart=pie&currency=EUR'))).toEqual({
      metric: 'ctr',
      metric2: undefined,
      chart: 'line',
      currency: 'EUR',
    });
  });

  it('exports the filters with the period the report answered when the address has none', () => {
    const params = reportParamsOf(new URLSearchParams('campaignId=3&page=2'));
    const path = exportPathOf(
      params,
      { from: '2026-01-10', to: '2026-01-16' },
      { format: 'xlsx', style: 'iso', locale: 'pl' },
      ['spendMicros', 'roas'],
    );
    expect(path).toBe(
      '/agency/advertiser-campaign-stats/export?from=2026-01-10&to=2026-01-16&campaignId=3&format=xlsx&style=iso&locale=pl&columns=spendMicros%2Croas',
    );
  });
});
