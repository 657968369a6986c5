import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMe, renderPage } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { InstallInstructions } from './install-instructions';
import { installPlatforms, platformCode } from './platform-snippets';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const snippet = "<script>\nrtbTag('init', \"tag-key-ABC123\", { consent: 'granted' });\n</script>";
const show = () =>
  renderPage(<InstallInstructions tag={{ snippet }} />, {
    path: '/panel/advertiser/integrations',
    profile: makeMe('advertiser'),
  });

describe('InstallInstructions', () => {
  it('has every platform’s code with the advertiser’s own snippet and tag key in it', () => {
    for (const platform of installPlatforms) {
      const blocks = platformCode(platform, snippet);
      expect(blocks.length).toBeGreaterThan(0);
      expect(blocks.some((block) => block.code.includes(snippet))).toBe(true);
      expect(blocks.map((block) => block.code).join('\n')).toContain('tag-key-ABC123');
    }
    // Where each platform's events come from.
    const all = (platform: (typeof installPlatforms)[number]) =>
      platformCode(platform, snippet)
        .map((block) => block.code)
        .join('\n');
    expect(all('gtm')).toContain('{{DLV - ecommerce.items.0.item_id}}');
    expect(all('gtm')).toContain("rtbTag('trackTransaction'");
    expect(all('shopify')).toContain('{% if first_time_accessed %}');
    expect(all('woocommerce')).toContain("add_action('wp_head'");
    expect(all('woocommerce')).toContain("add_action('woocommerce_thankyou'");
    // Smarty would read the script's braces: the snippet is kept literal.
    expect(all('prestashop')).toContain(`{literal}\n${snippet}\n{/literal}`);
  });

  it('shows a platform a tab, with where the code goes and a Copy button for each block', async () => {
    show();
    expect(screen.getByRole('tab', { name: 'Google Tag Manager' })).toHaveAttribute('aria-selected', 'true');
    expect(
      screen.getByText(/Custom HTML, paste the tag code and set its trigger to All Pages/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy: Custom HTML tag: All Pages' })).toBeInTheDocument();
    expect(screen.getAllByText(/tag-key-ABC123/).length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('tab', { name: 'Shopify' }));
    expect(screen.getByText(/layout\/theme.liquid/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy: theme.liquid, before </head>' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Copy: Order status page: additional scripts' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'WooCommerce' }));
    expect(
      screen.getByRole('button', { name: 'Copy: functions.php of the child theme' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'PrestaShop' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText(/_partials\/head.tpl and paste the code/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Tags tab' })).toHaveAttribute(
      'href',
      '/panel/advertiser/integrations?tab=tags',
    );
  });

  it('reads in Polish', async () => {
    await act(() => i18n.changeLanguage('pl'));
    show();
    expect(
      screen.getByText('Wybierz platformę sklepu. Kod zawiera już klucz Twojego tagu.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Niestandardowy kod HTML: wszystkie strony/ }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Shopify' }));
    expect(screen.getByText(/Wklej kod motywu tuż przed <\/head>/)).toBeInTheDocument();
  });
});
