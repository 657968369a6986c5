/**
 * The code each shop platform needs, around the advertiser's own snippet (`tagSnippet` of
 * `packages/shared`, as `GET /advertiser/tag` gives it, with the tag's key in it). Product ids must
 * be the ones the feed gives (`g:id`); each platform's common default is used here.
 */
export const installPlatforms = ['gtm', 'shopify', 'woocommerce', 'prestashop'] as const;
export type InstallPlatform = (typeof installPlatforms)[number];

/** One block of code and the key of its title in `retargeting-setup:install.<platform>.code.<key>`. */
export interface PlatformCode {
  key: string;
  code: string;
}

const lines = (...parts: string[]) => parts.join('\n');

/** GTM: the snippet as a Custom HTML tag on All Pages; product views and purchases from the data layer (GA4 ecommerce). */
const gtm = (snippet: string): PlatformCode[] => [
  { key: 'allPages', code: snippet },
  {
    key: 'productView',
    code: lines(
      '<script>',
      "  rtbTag('viewItem', { id: String({{DLV - ecommerce.items.0.item_id}}) });",
      '</script>',
    ),
  },
  {
    key: 'purchase',
    code: lines(
      '<script>',
      "  rtbTag('trackTransaction', {",
      '    orderId: String({{DLV - ecommerce.transaction_id}}),',
      '    value: Number({{DLV - ecommerce.value}}).toFixed(2),',
      '    currency: {{DLV - ecommerce.currency}},',
      '  });',
      '</script>',
    ),
  },
];

/** Shopify: theme.liquid before </head>; the order status page's additional scripts for purchases. */
const shopify = (snippet: string): PlatformCode[] => [
  {
    key: 'theme',
    code: lines(
      snippet,
      "{% if template contains 'product' %}",
      "<script>rtbTag('viewItem', { id: {{ product.id | append: '' | json }} });</script>",
      '{% endif %}',
    ),
  },
  {
    key: 'orderStatus',
    code: lines(
      '{% if first_time_accessed %}',
      snippet,
      '<script>',
      "  rtbTag('trackTransaction', {",
      '    orderId: {{ order.name | json }},',
      "    value: {{ checkout.total_price | divided_by: 100.0 | append: '' | json }},",
      '    currency: {{ checkout.currency | json }},',
      '  });',
      '</script>',
      '{% endif %}',
    ),
  },
];

/** WooCommerce: the snippet in a header-scripts plugin, or wp_head in the child theme's functions.php. */
const woocommerce = (snippet: string): PlatformCode[] => [
  { key: 'plugin', code: snippet },
  {
    key: 'functions',
    code: lines(
      "add_action('wp_head', function () {",
      '  ?>',
      snippet,
      '  <?php',
      "  if (function_exists('is_product') && is_product()) {",
      '    $product = wc_get_product(get_queried_object_id());',
      '    if ($product) {',
      '      printf("<script>rtbTag(\'viewItem\', { id: %s });</script>\\n", wp_json_encode((string) $product->get_id()));',
      '    }',
      '  }',
      '});',
      '',
      "add_action('woocommerce_thankyou', function ($order_id) {",
      '  $order = wc_get_order($order_id);',
      '  if (!$order) {',
      '    return;',
      '  }',
      '  printf("<script>rtbTag(\'trackTransaction\', %s);</script>\\n", wp_json_encode([',
      "    'orderId' => (string) $order->get_order_number(),",
      "    'value' => wc_format_decimal($order->get_total(), 2),",
      "    'currency' => $order->get_currency(),",
      '  ]));',
      '});',
    ),
  },
];

/** PrestaShop: the theme's head.tpl (Smarty: the snippet's braces inside {literal}), or a header-scripts module. */
const prestashop = (snippet: string): PlatformCode[] => [
  {
    key: 'head',
    code: lines(
      '{literal}',
      snippet,
      '{/literal}',
      "{if $page.page_name == 'product'}",
      "<script>rtbTag('viewItem', {ldelim} id: '{$product.id|escape:'javascript'}' {rdelim});</script>",
      '{/if}',
      "{if $page.page_name == 'order-confirmation'}",
      "<script>rtbTag('trackTransaction', {ldelim} orderId: '{$order.details.reference|escape:'javascript'}', value: '{$order.totals.total.amount|string_format:'%.2f'}', currency: '{$currency.iso_code}' {rdelim});</script>",
      '{/if}',
    ),
  },
  { key: 'module', code: snippet },
];

const builders: Record<InstallPlatform, (snippet: string) => PlatformCode[]> = {
  gtm,
  shopify,
  woocommerce,
  prestashop,
};

/** The code blocks of one platform, with the advertiser's snippet in them. */
export const platformCode = (platform: InstallPlatform, snippet: string): PlatformCode[] =>
  builders[platform](snippet);
