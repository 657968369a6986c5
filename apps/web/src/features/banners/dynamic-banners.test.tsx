import { bannerMessages, defaultBannerSizes, dynamicBannerMessages } from '@rtb/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Call,
  fill,
  type Handler,
  makeMe,
  renderPage,
  stubApi,
  validationError,
} from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { ToastProvider } from '../../shell/toast/toaster';
import { ReviewPanel } from '../banner-reviews';
import { product } from '../products/test-fixtures';
import { dynamicBanner, page, reviewItem, rules, showBannersPage } from './test-fixtures';

const advertiser = makeMe('advertiser');
const saleProduct = product();
const plainProduct = product({
  key: 32,
  id: 'SKU-2',
  title: 'Rain jacket',
  link: 'https://shop.example.com/p/sku-2',
  salePrice: null,
  price: { micros: 250_000_000, currency: 'PLN' },
  imageUrlTemplate: '/img/products/32/{box}x{box}/abcdefabcdef',
});

/** The banners page's API with the shop's products (`products`) and its website in Polish. */
const replies = (products = [saleProduct, plainProduct], more: Record<string, Handler> = {}) => ({
  'GET /advertiser/banners/rules': [200, { data: { bannerRules: rules } }] as const,
  'GET /advertiser/banners': [200, { data: { banners: page([]) } }] as const,
  'GET /advertiser/products': [200, { data: { products: page(products) } }] as const,
  'GET /advertiser/advertisers/me': [200, { data: { advertiser: { websiteLocales: ['pl-PL'] } } }] as const,
  ...more,
});

const file = (name: string, type: string, size = 2048) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

const frame = (size: string) => screen.getByTestId(`dynamic-preview-${size}`);
const markupOf = (size: string) => frame(size).getAttribute('srcdoc') ?? '';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  cleanup();
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

async function openCreate() {
  const user = userEvent.setup({ applyAccept: false });
  await user.click(await screen.findByRole('button', { name: 'Create a dynamic banner' }));
  const panel = await screen.findByRole('dialog', { name: 'New dynamic product banner' });
  return { user, panel };
}

describe('creating a dynamic banner', () => {
  it('opens the form on arrival from the retargeting set-up (`?new=dynamic`), for a user who may write', async () => {
    stubApi(replies());
    showBannersPage(advertiser, '?new=dynamic');
    expect(await screen.findByRole('dialog', { name: 'New dynamic product banner' })).toBeInTheDocument();
    cleanup();
    showBannersPage(
      makeMe('advertiser', { localRole: 'viewer', permissions: ['banners:read'] }),
      '?new=dynamic',
    );
    await screen.findByRole('heading', { name: 'Banners', level: 1 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('previews the template in every allowed size with the shop’s products, following every change', async () => {
    const calls = stubApi(replies());
    showBannersPage(advertiser);
    const { user, panel } = await openCreate();
    await within(panel).findByTitle('Preview 300x250');
    // One frame per allowed size, each at its real size, sandboxed without scripts.
    const frames = within(panel).getAllByTitle(/^Preview \d+x\d+$/);
    expect(frames.map((one) => one.getAttribute('title'))).toEqual([
      'Preview 300x250',
      'Preview 728x90',
      'Preview 160x600',
    ]);
    expect(frame('728x90')).toHaveAttribute('width', '728');
    expect(frame('728x90')).toHaveAttribute('height', '90');
    expect(frame('300x250')).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    // The first in-stock products, priced in the shop's locale, the sale price with the old one crossed out.
    expect(calls.find((call) => call.path === '/advertiser/products')?.query.get('availability')).toBe(
      'in_stock',
    );
    const markup = markupOf('300x250');
    expect(markup).toContain('Trail running shoe');
    expect(markup).toContain('99,00\u00a0zł');
    expect(markup).toContain('<s style="opacity:.7">129,99\u00a0zł</s>');
    expect(markup).toMatch(/\/img\/products\/31\/\d+x\d+\/0123456789ab/);
    expect(markup).toContain('href="https://shop.example.com/p/sku-1"');
    expect(markup).toContain('Shop now');

    await user.clear(within(panel).getByLabelText('Call to action'));
    await user.type(within(panel).getByLabelText('Call to action'), 'Grab it');
    await waitFor(() => expect(markupOf('160x600')).toContain('Grab it'));
    fireEvent.change(within(panel).getByLabelText('Pick: Background colour'), {
      target: { value: '#00ff00' },
    });
    expect(within(panel).getByLabelText('Background colour')).toHaveValue('#00ff00');
    await waitFor(() => expect(markupOf('300x250')).toContain('background:#00ff00'));
    // A colour being typed keeps the last good one in the previews.
    await user.clear(within(panel).getByLabelText('Background colour'));
    await user.type(within(panel).getByLabelText('Background colour'), '#12');
    expect(markupOf('300x250')).toContain('background:#00ff00');

    // One product in the single layout.
    await user.click(within(panel).getByLabelText(/One product/));
    await waitFor(() => expect(markupOf('728x90')).not.toContain('Rain jacket'));
  });

  it('checks the colours, the call to action and the logo with the shared texts, then sends one multipart request', async () => {
    await act(() => i18n.changeLanguage('pl'));
    const created = dynamicBanner({ id: 9, status: 'pending' });
    const calls = stubApi(
      replies(undefined, {
        'POST /advertiser/banners/dynamic': [201, { data: { banner: created } }],
        'GET /advertiser/banners/9': [200, { data: { banner: created } }],
      }),
    );
    showBannersPage(advertiser);
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Utwórz baner dynamiczny' }));
    const panel = await screen.findByRole('dialog', { name: 'Nowy dynamiczny baner produktowy' });
    await within(panel).findByTitle('Podgląd 300x250');

    await fill(user, 'Nazwa', 'Shoes of the day');
    await fill(user, 'Strona docelowa (Twój sklep)', 'https://shop.example.com/');
    await user.clear(within(panel).getByLabelText('Kolor akcentu (przycisk i cena promocyjna)'));
    await user.type(within(panel).getByLabelText('Kolor akcentu (przycisk i cena promocyjna)'), 'red');
    await user.clear(within(panel).getByLabelText('Wezwanie do działania'));
    await user.click(screen.getByRole('button', { name: 'Zapisz i wyślij do akceptacji' }));

    expect(await within(panel).findByText('Podaj kolor w formacie #RRGGBB.')).toBeInTheDocument();
    expect(within(panel).getByText('Wezwanie do działania ma od 1 do 20 znaków.')).toBeInTheDocument();
    expect(within(panel).getByText('Wybierz plik do wgrania.')).toBeInTheDocument();

    // The logo is checked here like any upload: an image, within the size limit.
    await user.upload(within(panel).getByLabelText('Wybierz logo'), file('logo.svg', 'image/svg+xml'));
    expect(
      within(panel).getByText('Prześlij logo jako grafikę JPEG, PNG, GIF lub WebP.'),
    ).toBeInTheDocument();
    await user.upload(
      within(panel).getByLabelText('Wybierz logo'),
      file('logo.png', 'image/png', 600 * 1024),
    );
    expect(within(panel).getByText('Plik jest większy niż 500 KB.')).toBeInTheDocument();
    await user.upload(within(panel).getByLabelText('Wybierz logo'), file('logo.png', 'image/png'));
    expect(within(panel).getByText('Wybrano: logo.png (2 KB)')).toBeInTheDocument();
    // The chosen logo shows in the previews (inline: the frames may load only our origin and data:).
    await waitFor(() => expect(markupOf('300x250')).toContain('src="data:image/png;base64,'));

    await user.clear(within(panel).getByLabelText('Kolor akcentu (przycisk i cena promocyjna)'));
    await user.type(within(panel).getByLabelText('Kolor akcentu (przycisk i cena promocyjna)'), '#AA0000');
    await user.type(within(panel).getByLabelText('Wezwanie do działania'), 'Kup');
    await user.click(screen.getByRole('button', { name: 'Zapisz i wyślij do akceptacji' }));

    expect(
      await screen.findByText('Baner dynamiczny został zapisany; czeka na akceptację.'),
    ).toBeInTheDocument();
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent).toHaveLength(1);
    const { file: logo, ...fields } = sent[0]?.body ?? {};
    expect(fields).toEqual({
      name: 'Shoes of the day',
      landingUrl: 'https://shop.example.com/',
      layout: 'trio',
      backgroundColour: '#ffffff',
      textColour: '#1f2937',
      accentColour: '#aa0000',
      callToAction: 'Kup',
    });
    expect((logo as File).name).toBe('logo.png');
    // The new banner opens in its side panel.
    expect(await screen.findByRole('dialog', { name: 'Shoes of the day' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Nowy dynamiczny baner produktowy' })).toBeNull();
  });

  it('puts the API’s field errors on the fields', async () => {
    const calls = stubApi(
      replies(undefined, {
        'POST /advertiser/banners/dynamic': validationError({
          callToAction: [dynamicBannerMessages.callToActionLength],
          file: [bannerMessages.unreadableImage],
        }),
      }),
    );
    showBannersPage(advertiser);
    const { user, panel } = await openCreate();
    await fill(user, 'Name', 'Shoes');
    await fill(user, 'Landing page (your shop)', 'https://shop.example.com/');
    await user.upload(within(panel).getByLabelText('Choose the logo'), file('logo.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Save and send for review' }));
    expect(await within(panel).findByText('The call to action is 1 to 20 characters.')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Call to action')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(panel).getByText('The image cannot be read. Save it again and upload it once more.'),
    ).toBeInTheDocument();
    expect(calls.filter((call: Call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'New dynamic product banner' })).toBeInTheDocument();
  });

  it('says where to add products when the feed has none, and saves the banner anyway', async () => {
    const calls = stubApi(
      replies([], {
        'POST /advertiser/banners/dynamic': [201, { data: { banner: dynamicBanner({ id: 9 }) } }],
        'GET /advertiser/banners/9': [200, { data: { banner: dynamicBanner({ id: 9 }) } }],
      }),
    );
    showBannersPage(advertiser);
    const { user, panel } = await openCreate();
    expect(await within(panel).findByText('No products to show')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Add your product feed' })).toHaveAttribute(
      'href',
      '/panel/advertiser/integrations?tab=products',
    );
    expect(within(panel).queryByTitle(/^Preview /)).toBeNull();

    await fill(user, 'Name', 'Shoes');
    await fill(user, 'Landing page (your shop)', 'https://shop.example.com/');
    await user.upload(within(panel).getByLabelText('Choose the logo'), file('logo.webp', 'image/webp'));
    await user.click(screen.getByRole('button', { name: 'Save and send for review' }));
    await screen.findByText('The dynamic banner has been saved and approved.');
    expect(calls.filter((call) => call.path === '/advertiser/banners/dynamic')).toHaveLength(1);
  });
});

describe('previews for a user who may not read the products', () => {
  it('use example products, labelled, and never ask for the shop’s', async () => {
    const writer = makeMe('advertiser', {
      localRole: 'user',
      permissions: ['banners:read', 'banners:write'],
    });
    const calls = stubApi(replies());
    showBannersPage(writer);
    const { user, panel } = await openCreate();
    await fill(user, 'Landing page (your shop)', 'https://shop.example.com/');
    await within(panel).findByTitle('Preview 300x250');
    expect(
      within(panel).getByText('Example products: the banner shows the shop’s own products when it serves.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(markupOf('300x250')).toContain('href="https://shop.example.com/"'));
    expect(markupOf('300x250')).toContain('Mountain poster');
    expect(calls.some((call) => call.path === '/advertiser/products')).toBe(false);
    expect(calls.some((call) => call.path === '/advertiser/advertisers/me')).toBe(false);
  });
});

describe('a saved dynamic banner', () => {
  it('is listed as Dynamic in all sizes', async () => {
    stubApi(
      replies(undefined, {
        'GET /advertiser/banners': [200, { data: { banners: page([dynamicBanner()]) } }],
      }),
    );
    showBannersPage(advertiser);
    const table = await screen.findByRole('table', { name: 'Banners' });
    const row = (await within(table).findByRole('button', { name: 'Shoes of the day' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Dynamic')).toBeInTheDocument();
    expect(within(row).getByText('All sizes')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Thumbnail of Shoes of the day' })).toHaveAttribute(
      'src',
      '/creatives/logo1/logo.png',
    );
  });

  it('shows its previews in every size, and edits its template with the previews following; it goes to review again', async () => {
    let current = dynamicBanner();
    const calls = stubApi(
      replies(undefined, {
        'GET /advertiser/banners/5': () => [200, { data: { banner: current } }],
        'PUT /advertiser/banners/5/template': (call) => {
          current = {
            ...current,
            status: 'pending',
            template: { ...(call.body as object), _method: undefined } as never,
            updatedAt: '2024-05-02 10:00:00',
          };
          return [200, { data: { banner: current } }];
        },
      }),
    );
    showBannersPage(advertiser, '?banner=5');
    const user = userEvent.setup();
    const panel = await screen.findByRole('dialog', { name: 'Shoes of the day' });
    await within(panel).findByTitle('Preview 300x250');
    expect(within(panel).getAllByTitle(/^Preview /)).toHaveLength(3);
    expect(markupOf('300x250')).toContain('src="/creatives/logo1/logo.png"');
    expect(markupOf('300x250')).toContain('Buy now');
    const facts = (label: string) => within(panel).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(facts('Size')).toHaveTextContent('All sizes');
    expect(facts('Layout')).toHaveTextContent('Three products');
    expect(facts('Call to action')).toHaveTextContent('Buy now');
    expect(facts('Logo size')).toHaveTextContent('200x80');
    expect(
      within(panel).getByText('A changed template is reviewed again before the banner serves.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Replace the logo' })).toBeInTheDocument();

    const template = within(panel).getByRole('form', { name: 'Template' });
    await user.clear(within(template).getByLabelText('Call to action'));
    await user.type(within(template).getByLabelText('Call to action'), 'Order today');
    await waitFor(() => expect(markupOf('728x90')).toContain('Order today'));
    await user.click(within(template).getByRole('button', { name: 'Save the template' }));

    expect(
      await screen.findByText('The changes have been saved; the banner waits for review again.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      layout: 'trio',
      backgroundColour: '#ffffff',
      textColour: '#111111',
      accentColour: '#cc0000',
      callToAction: 'Order today',
    });
    await waitFor(() => expect(within(panel).getByText('Pending review')).toBeInTheDocument());
    expect(markupOf('728x90')).toContain('Order today');
  });
});

describe('the review of a dynamic banner', () => {
  it('shows the template in every IAB size with example products, labelled', async () => {
    const item = reviewItem({ ...dynamicBanner({ status: 'pending' }) });
    stubApi({ 'GET /admin/banners/5': [200, { data: { banner: item } }] });
    renderPage(
      <ToastProvider>
        <ReviewPanel id={5} item={item} onClose={() => {}} onDecided={() => {}} />
      </ToastProvider>,
      { path: '/panel/admin/advertisers', profile: makeMe('admin') },
    );
    const panel = await screen.findByRole('dialog', { name: 'Shoes of the day' });
    await within(panel).findByTitle('Preview 300x250');
    expect(within(panel).getAllByTitle(/^Preview /)).toHaveLength(defaultBannerSizes.length);
    expect(
      within(panel).getByText('Example products: the banner shows the shop’s own products when it serves.'),
    ).toBeInTheDocument();
    expect(markupOf('970x250')).toContain('Mountain poster');
    expect(markupOf('970x250')).toContain('src="/creatives/logo1/logo.png"');
    expect(markupOf('970x250')).toContain('href="https://shop.example.com/"');
    expect(within(panel).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });
});
