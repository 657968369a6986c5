import { regulationMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, renderPage, stubApi, validationError } from '../../account/account-test-utils';
import { notify } from '../../shell/toast/notify';
import { RegulationPage } from './regulation-page';
import { localesReply, makeAcceptance, makeRegulation, page } from './test-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const route = '/panel/admin/regulations/single';
const admin = makeMe('admin');
const reader = makeMe('admin', { localRole: 'viewer', permissions: ['regulations:read'] });
const show = (query: string, profile = admin) =>
  renderPage(<RegulationPage />, { path: `${route}${query}`, route, profile });

const draft = makeRegulation();
const accepted = makeRegulation({
  id: 1,
  version: 1,
  enabled: true,
  current: true,
  acceptanceCount: 2,
});
const logReply = (elements = [makeAcceptance()]) =>
  [200, { data: { logRegulations: page(elements) } }] as const;
const textsSection = () => screen.getByRole('region', { name: 'Texts' });

describe('RegulationPage: a version', () => {
  it('shows the version, its texts per language and who accepted it', async () => {
    const calls = stubApi({
      'GET /admin/regulations/1': [200, { data: { regulation: accepted } }],
      'GET /locales': localesReply,
      'GET /admin/log-regulations': logReply([
        makeAcceptance(),
        makeAcceptance({
          id: 30,
          user: { id: 2, name: 'Adam Agencki', email: 'agency@example.com' },
          agency: { id: 1, name: 'Demo Agency' },
          advertiser: null,
          ip: null,
        }),
      ]),
    });
    show('?id=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
    expect(document.title).toBe('Terms of service - RTB Panel');
    const summary = screen.getByRole('region', { name: 'Version' });
    expect(within(summary).getByText('Terms of service · Version 1')).toBeInTheDocument();
    expect(within(summary).getByText(/accepted by 2 organisations/)).toBeInTheDocument();
    expect(within(summary).getByText('Current')).toBeInTheDocument();
    expect(within(summary).getByText('Enabled')).toBeInTheDocument();

    // Accepted: the text is kept as it was agreed to.
    expect(
      screen.getByText(
        'Organisations have accepted this version, so its text can no longer change. Publish a new version instead.',
      ),
    ).toBeInTheDocument();
    expect(within(textsSection()).getByLabelText('Title (English)')).toHaveAttribute('readonly');
    expect(within(textsSection()).getByLabelText('Text (Polski)')).toHaveValue('Pierwszy akapit.');
    expect(within(textsSection()).queryByRole('button', { name: 'Save texts' })).not.toBeInTheDocument();

    const acceptances = screen.getByRole('region', { name: 'Acceptances' });
    const shop = (await within(acceptances).findByText('Dorota Sklepowa')).closest('tr') as HTMLElement;
    expect(within(shop).getByText('Demo Shop')).toBeInTheDocument();
    expect(within(shop).getByText('Advertiser')).toBeInTheDocument();
    expect(within(shop).getByText('203.0.113.9')).toBeInTheDocument();
    const agency = within(acceptances).getByText('Adam Agencki').closest('tr') as HTMLElement;
    expect(within(agency).getByText('Agency')).toBeInTheDocument();
    const log = calls.find((c) => c.path === '/admin/log-regulations');
    expect(log?.query.get('regulationId')).toBe('1');
    expect(log?.query.has('id')).toBe(false);
  });

  it('saves the texts of a version nobody accepted, leaving out empty languages', async () => {
    const success = vi.spyOn(notify, 'success');
    const saved = makeRegulation({
      locales: ['en'],
      texts: [{ locale: 'en', title: 'Terms of service', content: 'Rewritten.' }],
    });
    const calls = stubApi({
      'GET /admin/regulations/7': [200, { data: { regulation: draft } }],
      'PUT /admin/regulations/7': [200, { data: { regulation: saved } }],
      'GET /locales': localesReply,
      'GET /admin/log-regulations': logReply([]),
    });
    show('?id=7');
    const section = await screen.findByRole('region', { name: 'Texts' });
    expect(await screen.findByText('Nobody has accepted this version yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(within(section).getByLabelText('Text (English)'));
    await fill(user, 'Text (English)', 'Rewritten.');
    await user.clear(within(section).getByLabelText('Title (Polski)'));
    await user.clear(within(section).getByLabelText('Text (Polski)'));
    await user.click(within(section).getByRole('button', { name: 'Save texts' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('The texts have been saved.'));
    expect(calls.find((c) => c.method === 'PUT')?.body?.texts).toEqual([
      { locale: 'en', title: 'Terms of service', content: 'Rewritten.' },
    ]);
  });

  it('checks the texts before saving: English needs a title and a text, another language both or none', async () => {
    const calls = stubApi({
      'GET /admin/regulations/7': [200, { data: { regulation: draft } }],
      'GET /locales': localesReply,
      'GET /admin/log-regulations': logReply([]),
    });
    show('?id=7');
    const section = await screen.findByRole('region', { name: 'Texts' });
    const user = userEvent.setup();
    await user.clear(within(section).getByLabelText('Title (English)'));
    await user.clear(within(section).getByLabelText('Title (Polski)'));
    await user.click(within(section).getByRole('button', { name: 'Save texts' }));
    const errors = await within(section).findAllByText('Enter a title.');
    expect(errors).toHaveLength(2);
    expect(within(section).getByLabelText('Title (English)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the API refusal in the interface language', async () => {
    stubApi({
      'GET /admin/regulations/7': [200, { data: { regulation: draft } }],
      'PUT /admin/regulations/7': validationError({ texts: [regulationMessages.alreadyAccepted] }),
      'GET /locales': localesReply,
      'GET /admin/log-regulations': logReply([]),
    });
    show('?id=7');
    const section = await screen.findByRole('region', { name: 'Texts' });
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Save texts' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This version has already been accepted, so its text can no longer change. Publish a new version instead.',
    );
  });

  it('enables a version after confirmation', async () => {
    const success = vi.spyOn(notify, 'success');
    let enabled = false;
    const calls = stubApi({
      'GET /admin/regulations/7': () => [
        200,
        { data: { regulation: { ...draft, enabled, current: enabled } } },
      ],
      'PUT /admin/regulations/7/enabled': () => {
        enabled = true;
        return [200, { data: { regulation: { ...draft, enabled, current: true } } }];
      },
      'GET /locales': localesReply,
      'GET /admin/log-regulations': logReply([]),
    });
    show('?id=7');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Enable' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'The version is enabled. Organisations are asked to accept it if it is the newest.',
      ),
    );
    expect(window.confirm).toHaveBeenCalled();
    expect(calls.find((c) => c.path === '/admin/regulations/7/enabled')?.body).toMatchObject({
      enabled: true,
    });
    expect(await screen.findByRole('button', { name: 'Disable' })).toBeInTheDocument();
  });

  it('a reader sees everything read-only, without actions', async () => {
    stubApi({
      'GET /admin/regulations/7': [200, { data: { regulation: draft } }],
      'GET /locales': localesReply,
      'GET /admin/log-regulations': logReply([]),
    });
    show('?id=7', reader);
    expect(await screen.findByText('Your role may only read the regulations.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New version' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save texts' })).not.toBeInTheDocument();
    expect(within(textsSection()).getByLabelText('Text (English)')).toHaveAttribute('readonly');
  });

  it('an unknown version or document is Not Found', async () => {
    stubApi({ 'GET /locales': localesReply });
    const { unmount } = show('?id=999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    unmount();
    show('?type=cookies');
    expect(screen.getByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Regulations' })).toHaveAttribute(
      'href',
      '/panel/admin/configs?tab=regulations',
    );
  });
});

describe('RegulationPage: a new version', () => {
  it('starts from the newest version of the document and opens the new one once added', async () => {
    const success = vi.spyOn(notify, 'success');
    const created = makeRegulation({ id: 9, version: 3 });
    const calls = stubApi({
      'GET /admin/regulations': [200, { data: { regulations: page([draft]) } }],
      'GET /admin/regulations/7': [200, { data: { regulation: draft } }],
      'POST /admin/regulations': [201, { data: { regulation: created } }],
      'GET /admin/regulations/9': [200, { data: { regulation: created } }],
      'GET /admin/log-regulations': logReply([]),
      'GET /locales': localesReply,
    });
    show('?type=terms-of-service');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New version: Terms of service' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/It becomes version 3 and starts disabled/)).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Texts' });
    expect(within(section).getByLabelText('Title (Polski)')).toHaveValue('Regulamin');
    const user = userEvent.setup();
    await user.clear(within(section).getByLabelText('Text (English)'));
    await fill(user, 'Text (English)', 'The third edition.');
    await user.click(within(section).getByRole('button', { name: 'Add version' }));

    // The new version's own page.
    expect(await screen.findByRole('region', { name: 'Version' })).toHaveTextContent('Version 3');
    expect(success).toHaveBeenCalledWith('Version 3 has been added. Enable it when it is ready.');
    const newest = calls.find((c) => c.method === 'GET' && c.path === '/admin/regulations');
    expect(Object.fromEntries(newest?.query ?? [])).toMatchObject({
      type: 'terms-of-service',
      sort: 'version',
      order: 'desc',
      perPage: '1',
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      type: 'terms-of-service',
      texts: [
        { locale: 'en', title: 'Terms of service', content: 'The third edition.' },
        { locale: 'pl', title: 'Regulamin', content: 'Pierwszy akapit.' },
      ],
    });
  });

  it('the first version of a document starts empty', async () => {
    stubApi({
      'GET /admin/regulations': [200, { data: { regulations: page([]) } }],
      'GET /locales': localesReply,
    });
    show('?type=privacy-policy');
    expect(await screen.findByText(/It becomes version 1/)).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Texts' });
    expect(within(section).getByLabelText('Title (English)')).toHaveValue('');
  });

  it('a reader may not add versions', async () => {
    stubApi({
      'GET /admin/regulations': [200, { data: { regulations: page([draft]) } }],
      'GET /admin/regulations/7': [200, { data: { regulation: draft } }],
      'GET /locales': localesReply,
    });
    show('?type=terms-of-service', reader);
    expect(await screen.findByText('Your role may not add versions.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Texts' })).not.toBeInTheDocument();
  });
});
