import { describe, expect, it } from 'vitest';
import { deliveryChangeOf } from './delivery-change';

describe('deliveryChangeOf', () => {
  it('reloads one advertiser for a change of its campaigns, audiences, creatives, account, regulations or money', () => {
    for (const table of [
      'campaigns',
      'audiences',
      'banners',
      'campaign_banners',
      'advertisers',
      'log_regulations',
      'ledger_accounts',
    ])
      expect(deliveryChangeOf(`${table}:12`)).toEqual({ kind: 'advertiser', advertiserId: 12 });
  });

  it('reloads everything for settings, agencies, a reconnect and anything it does not know', () => {
    for (const payload of [
      'config_values:',
      'currency_rates:',
      'regulations:',
      '*:',
      'ledger_accounts:agency-3',
      'agencies:agency-3',
      'log_regulations:agency-3',
      'ledger_accounts:',
      'new_table:12',
      'campaigns:12x',
      'garbage',
    ])
      expect(deliveryChangeOf(payload)).toEqual({ kind: 'all' });
  });

  it('knows the markers bidders send themselves', () => {
    expect(deliveryChangeOf('settled:0b7c')).toEqual({ kind: 'marker' });
  });
});
