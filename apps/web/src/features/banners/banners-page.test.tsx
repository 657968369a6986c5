import { bannerMessages } from '@rtb/shared';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi, validationError } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { holdUploads, stubXhrThroughFetch } from '../../test/fake-xhr';
import { banner, page, rules, showBannersPage } from './test-fixtures';

const advertiser = makeMe('advertiser');
const readOnly = makeMe('advertiser', { localRole: 'user', permissions: ['banners:read'] });
const rulesReply = [200, { data: { bannerRules: rules } }] as const;
const noBanners = [200, { data: { banners: page([]) } }] as const;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  stubXhrThroughFetch();
});
afterEach(async () => {
  cleanup();
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

const file = (name: string, type: string, size = 2048) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('the upload area', () => {
  it('checks each file, uploads the others one request each with progress, and says what became of each', async () => {
    await act(() => i18n.changeLanguage('pl'));
    const calls = stubApi({
      'GET /advertiser/banners/rules': rulesReply,
      'GET /advertiser/banners': noBanners,
      'POST /advertiser/banners': (call) => {
        const sent = call.body?.file as File | undefined;
        return sent?.name === 'wide.png'
          ? validationError({
              file: [
                bannerMessages.sizeNotAllowed
                  .replace('{size}', '640x480')
                  .replace('{sizes}', '300x250, 728x90, 160x600'),
              ],
            })
          : [201, { data: { banner: banner({ id: 9, name: 'leaderboard', status: 'pending' }) } }];
      },
    });
    showBannersPage(advertiser);
    const user = userEvent.setup({ applyAccept: false });
    // The rules from the API.
    expect(await screen.findByRole('list', { name: 'Dozwolone rozmiary' })).toHaveTextContent('728x90');
    expect(screen.getByText(/Każdy plik najwyżej 500 KB\./)).toBeInTheDocument();

    await fill(user, 'Strona docelowa tych banerów', 'https://shop.example.com/spring');
    await user.upload(screen.getByLabelText('Wybierz pliki'), [
      file('leaderboard.png', 'image/png'),
      file('logo.svg', 'image/svg+xml'),
      file('wide.png', 'image/png'),
      file('huge.gif', 'image/gif', 600 * 1024),
    ]);
    const rows = () =>
      within(screen.getByRole('list', { name: 'Pliki do wgrania' })).getAllByRole('listitem');
    // Refused here, before any upload, each with its own reason in the user's language.
    expect(within(rows()[1] as HTMLElement).getByRole('alert')).toHaveTextContent(
      'Wgraj grafikę JPEG, PNG, GIF lub WebP albo baner HTML5 jako plik ZIP.',
    );
    expect(within(rows()[3] as HTMLElement).getByRole('alert')).toHaveTextContent(
      'Plik jest większy niż 500 KB.',
    );

    const release = holdUploads();
    await user.click(screen.getByRole('button', { name: 'Wgraj 2 pliki' }));
    const progress = await screen.findByRole('progressbar', { name: 'Wgrywanie leaderboard.png' });
    expect(progress).toHaveAttribute('value', '50');
    release();

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Wgrano 1 baner. 3 pliki odrzucone: powód jest obok każdego.',
    );
    expect(within(rows()[0] as HTMLElement).getByText('Czeka na akceptację')).toBeInTheDocument();
    expect(within(rows()[2] as HTMLElement).getByRole('alert')).toHaveTextContent(
      'Baner ma rozmiar 640x480; dozwolone rozmiary to 300x250, 728x90, 160x600.',
    );
    const uploads = calls.filter((call) => call.method === 'POST');
    expect(uploads.map((call) => (call.body?.file as File | undefined)?.name)).toEqual([
      'leaderboard.png',
      'wide.png',
    ]);
    expect(uploads.every((call) => call.body?.landingUrl === 'https://shop.example.com/spring')).toBe(true);
    // The list is read again with the new creatives.
    expect(calls.filter((call) => call.path === '/advertiser/banners' && call.method === 'GET')).toHaveLength(
      2,
    );
  });

  it('needs an http(s) landing page first', async () => {
    const calls = stubApi({
      'GET /advertiser/banners/rules': rulesReply,
      'GET /advertiser/banners': noBanners,
    });
    showBannersPage(advertiser);
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Choose files'), file('a.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    expect(await screen.findByLabelText('Landing page of these banners')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await fill(user, 'Landing page of these banners', 'ftp://shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    expect(
      await screen.findByText('Enter a full address starting with http:// or https://.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('is not there without banners:write, and the empty list has no call to upload', async () => {
    stubApi({ 'GET /advertiser/banners/rules': rulesReply, 'GET /advertiser/banners': noBanners });
    showBannersPage(readOnly);
    expect(await screen.findByText('No banners yet')).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose files')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload banners' })).not.toBeInTheDocument();
  });
});

describe('the list', () => {
  it('has an empty state with a call to upload', async () => {
    stubApi({ 'GET /advertiser/banners/rules': rulesReply, 'GET /advertiser/banners': noBanners });
    showBannersPage(advertiser);
    expect(await screen.findByText('No banners yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload banners' }));
    expect(screen.getByLabelText('Landing page of these banners')).toHaveFocus();
  });

  it('filters by status, type and size through the API and says when nothing matches', async () => {
    const calls = stubApi({
      'GET /advertiser/banners/rules': rulesReply,
      'GET /advertiser/banners': (call) =>
        call.query.get('size')
          ? noBanners
          : [
              200,
              {
                data: {
                  banners: page([
                    banner(),
                    banner({
                      id: 6,
                      name: 'Skyscraper',
                      status: 'rejected',
                      rejectionReason: 'poor_quality',
                    }),
                  ]),
                },
              },
            ],
    });
    showBannersPage(advertiser);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Banners' });
    expect(await within(table).findByText('Poor quality')).toBeInTheDocument();
    expect(within(table).getAllByText('300x250')).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText('Status'), 'rejected');
    await user.selectOptions(screen.getByLabelText('Type'), 'html5');
    await user.selectOptions(screen.getByLabelText('Size'), '728x90');
    expect(await screen.findByText('No banner matches')).toBeInTheDocument();
    const last = calls.filter((call) => call.path === '/advertiser/banners').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toMatchObject({
      status: 'rejected',
      type: 'html5',
      size: '728x90',
    });
  });
});

describe('a banner’s side panel', () => {
  it('shows the image at its real size and the details', async () => {
    stubApi({
      'GET /advertiser/banners/rules': rulesReply,
      'GET /advertiser/banners': [200, { data: { banners: page([banner()]) } }],
      'GET /advertiser/banners/5': [200, { data: { banner: banner({ campaignCount: 2 }) } }],
    });
    showBannersPage(advertiser);
    await userEvent.click(await screen.findByRole('button', { name: 'Spring sale' }));
    const panel = await screen.findByRole('dialog', { name: 'Spring sale' });
    const image = await within(panel).findByRole('img', { name: 'Preview of Spring sale' });
    expect(image).toHaveAttribute('src', '/creatives/abc123/banner.png');
    expect(image).toHaveAttribute('width', '300');
    expect(image).toHaveAttribute('height', '250');
    expect(within(panel).getByRole('link', { name: 'https://shop.example.com/spring' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(panel).getByText('40 KB')).toBeInTheDocument();
  });

  it('runs an HTML5 banner in a sandbox without the panel’s origin', async () => {
    const html5 = banner({
      type: 'html5',
      width: 728,
      height: 90,
      fileCount: 4,
      previewUrl: '/creatives/k1/index.html',
    });
    stubApi({
      'GET /advertiser/banners/rules': rulesReply,
      'GET /advertiser/banners': noBanners,
      'GET /advertiser/banners/5': [200, { data: { banner: html5 } }],
    });
    showBannersPage(advertiser, '?banner=5');
    const frame = await screen.findByTitle('Preview of Spring sale');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-popups');
    expect(frame).toHaveAttribute('src', '/creatives/k1/index.html');
    expect(frame).toHaveAttribute('width', '728');
    expect(frame).toHaveAttribute('height', '90');
  });

  it('says why a banner was rejected and resubmits it', async () => {
    const rejected = banner({
      status: 'rejected',
      rejectionReason: 'landing_page_mismatch',
      rejectionNote: 'The page sells shoes, the banner shows bags.',
      reviewedAt: '2024-05-02 09:00:00',
      reviewedBy: { id: 1, name: 'Anna Admin' },
    });
    let current = rejected;
    const calls = stubApi({
      'GET /advertiser/banners/rules': rulesReply,
      'GET /advertiser/banners': noBanners,
      'GET /advertiser/banners/5': () => [200, { data: { banner: current } }],
      'PUT /advertiser/banners/5/status': () => {
        current = { ...rejected, status: 'pending' };
        return [200, { data: { banner: current } }];
      },
    });
    showBannersPage(advertiser, '?banner=5');
    const panel = await screen.findByRole('dialog', { name: 'Spring sale' });
    const notice = await within(panel).findByRole('region', { name: 'Rejected' });
    expect(notice).toHaveTextContent('The landing page does not match the banner');
    expect(notice).toHaveTextContent('The page sells shoes, the banner shows bags.');
    expect(notice).toHaveTextContent(
      'Fix the banner (a new file or landing page) and send it for review again.',
    );

    await userEvent.click(within(notice).getByRole('button', { name: 'Send for review again' }));
    expect(
      await screen.findByText('The banner has been sent for review: Pending review.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ status: 'pending' });
    await waitFor(() =>
      expect(within(panel).queryByRole('region', { name: 'Rejected' })).not.toBeInTheDocument(),
    );
  });

  it('offers no change without banners:write', async () => {
    stubApi({
      'GET /advertiser/banners/rules': rulesReply,
      'GET /advertiser/banners': noBanners,
      'GET /advertiser/banners/5': [
        200,
        { data: { banner: banner({ status: 'rejected', rejectionReason: 'other' }) } },
      ],
    });
    showBannersPage(readOnly, '?banner=5');
    const panel = await screen.findByRole('dialog', { name: 'Spring sale' });
    await within(panel).findByRole('region', { name: 'Rejected' });
    expect(
      within(panel).queryByRole('button', { name: /Send for review again|Archive|Save changes/ }),
    ).toBeNull();
    expect(within(panel).queryByLabelText('Choose a new file')).toBeNull();
  });
});
