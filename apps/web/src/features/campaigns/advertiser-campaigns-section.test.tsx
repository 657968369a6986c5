import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../account/account-test-utils';
import { pageTestHooks, reader, renderWithToasts, writer } from '../agencies/test-utils';
import { AdvertiserCampaignsSection } from './advertiser-campaigns-section';
import { makeListItem, page } from './test-fixtures';

pageTestHooks();

const path = '/panel/admin/advertisers/single';
const active = makeListItem({ id: 3, name: 'Spring sale' });
const paused = makeListItem({
  id: 4,
  name: 'Winter clearance',
  status: 'paused',
  servingStatus: { serving: false, reasons: [{ code: 'paused' }, { code: 'funds_exhausted' }] },
});
const draft = makeListItem({ id: 5, name: 'Idea', status: 'draft' });
const list = [200, { data: { campaigns: page([active, paused, draft]) } }] as const;

describe('AdvertiserCampaignsSection', () => {
  it("lists the advertiser's campaigns with why they do not serve, in words without links", async () => {
    const calls = stubApi({ 'GET /admin/campaigns': list });
    renderWithToasts(<AdvertiserCampaignsSection advertiserId={31} />, { path, profile: writer });
    const section = await screen.findByRole('region', { name: 'Campaigns' });
    const row = (await within(section).findByText('Winter clearance')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Not serving');
    expect(row).toHaveTextContent('Balance and credit exhausted');
    expect(row).toHaveTextContent('In total 1,234.56 PLN');
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/admin/campaigns')?.query.get('advertiserId')).toBe('31');
  });

  it('pauses an active campaign; a paused one offers Resume', async () => {
    const calls = stubApi({
      'GET /admin/campaigns': list,
      'PUT /admin/campaigns/3/status': [200, { data: { campaign: { ...active, status: 'paused' } } }],
    });
    renderWithToasts(<AdvertiserCampaignsSection advertiserId={31} />, { path, profile: writer });
    await screen.findByText('Spring sale');
    expect(screen.getByRole('button', { name: 'Resume Winter clearance' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Idea/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pause Spring sale' }));
    expect(await screen.findByText('Spring sale is paused.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/admin/campaigns/3/status',
      body: { status: 'paused' },
    });
  });

  it('offers no pause to an admin who may only read advertisers', async () => {
    stubApi({ 'GET /admin/campaigns': list });
    renderWithToasts(<AdvertiserCampaignsSection advertiserId={31} />, { path, profile: reader });
    await screen.findByText('Spring sale');
    expect(screen.queryByRole('button', { name: /Pause/ })).not.toBeInTheDocument();
  });
});
