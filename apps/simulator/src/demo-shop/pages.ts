import { tagScriptUrl, tagSnippet } from '@rtb/shared';
import { DEMO_SHOP_PATH, type DemoProduct, demoImagePath, demoProductPath, demoProducts } from './catalogue';

export interface DemoShopSite {
  /** Where browsers reach the demo shop's host (the panel's public URL). */
  publicUrl: string;
  /** Where browsers reach the bidder's tag script (`RTB_PUBLIC_URL`). */
  rtbPublicUrl: string;
  /** Demo Shop's tag key (the Tags tab's); null before the demo data has one. */
  tagKey: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const pln = (price: string) => `${price.replace('.', ',')} zł`;

/** A page of the shop: the tag snippet in its head, then the page's own tag calls. */
function page(site: DemoShopSite, title: string, body: string, tagCalls: string): string {
  const tag = site.tagKey ? tagSnippet(tagScriptUrl(site.rtbPublicUrl), site.tagKey) : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Demo Shop</title>
${tag}
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1f2937;background:#fafaf9}
header{background:#166534;color:#fff;padding:12px 24px;display:flex;justify-content:space-between}
header a{color:#fff;text-decoration:none;font-weight:600}
main{max-width:960px;margin:24px auto;padding:0 16px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:16px}
.card{background:#fff;border:1px solid #e7e5e4;border-radius:8px;padding:12px;text-decoration:none;color:inherit}
.card img,.product img{width:100%;height:auto;border-radius:6px}
.product{display:grid;grid-template-columns:1fr 1fr;gap:24px}
button{background:#166534;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:16px;cursor:pointer}
.note{color:#78716c;font-size:13px}
</style>
</head>
<body>
<header><a href="${DEMO_SHOP_PATH}/">Demo Shop</a><a href="${DEMO_SHOP_PATH}/cart.html">Cart</a></header>
<main>
${body}
<p class="note">A demo shop served by RTB Panel in demo mode: its pages carry Demo Shop's tag.</p>
</main>
<script>
${tagCalls}
</script>
</body>
</html>
`;
}

export function homePage(site: DemoShopSite): string {
  const cards = demoProducts
    .map(
      (p) =>
        `<a class="card" href="${demoProductPath(p.id)}"><img src="${demoImagePath(p.id)}" alt="" width="200" height="200"><h3>${escapeHtml(p.title)}</h3><p>${pln(p.price)}</p></a>`,
    )
    .join('\n');
  return page(
    site,
    'Home',
    `<h1>Demo Shop</h1>\n<div class="grid">\n${cards}\n</div>`,
    `rtbTag('viewHome');\nrtbTag('viewList', { ids: ${JSON.stringify(demoProducts.map((p) => p.id))} });`,
  );
}

export function productPage(site: DemoShopSite, product: DemoProduct): string {
  const item = JSON.stringify({ id: product.id, price: product.price });
  return page(
    site,
    product.title,
    `<div class="product">
<img src="${demoImagePath(product.id)}" alt="${escapeHtml(product.title)}" width="480" height="480">
<div><h1>${escapeHtml(product.title)}</h1><p>${escapeHtml(product.type)}</p><p><strong>${pln(product.price)}</strong></p>
<button id="add">Add to cart</button></div>
</div>`,
    `rtbTag('viewItem', { id: ${JSON.stringify(product.id)} });
document.getElementById('add').addEventListener('click', function () {
  var cart = JSON.parse(localStorage.getItem('demoCart') || '[]');
  var item = ${item};
  var line = cart.filter(function (l) { return l.id === item.id; })[0];
  if (line) line.quantity += 1; else cart.push({ id: item.id, price: item.price, quantity: 1 });
  localStorage.setItem('demoCart', JSON.stringify(cart));
  rtbTag('addToCart', { id: item.id, quantity: 1 });
  setTimeout(function () { location.href = '${DEMO_SHOP_PATH}/cart.html'; }, 100);
});`,
  );
}

export function cartPage(site: DemoShopSite): string {
  const titles = JSON.stringify(Object.fromEntries(demoProducts.map((p) => [p.id, p.title])));
  return page(
    site,
    'Cart',
    `<h1>Your cart</h1><ul id="lines"></ul><p id="total"></p><button id="buy">Buy</button>`,
    `var titles = ${titles};
var cart = JSON.parse(localStorage.getItem('demoCart') || '[]');
var total = 0;
cart.forEach(function (l) {
  total += Number(l.price) * l.quantity;
  var li = document.createElement('li');
  li.textContent = l.quantity + ' × ' + (titles[l.id] || l.id) + ' – ' + l.price + ' zł';
  document.getElementById('lines').appendChild(li);
});
document.getElementById('total').textContent = cart.length ? 'Total: ' + total.toFixed(2) + ' zł' : 'The cart is empty.';
if (cart.length) rtbTag('viewBasket', { items: cart });
document.getElementById('buy').addEventListener('click', function () {
  if (!cart.length) return;
  location.href = '${DEMO_SHOP_PATH}/thank-you.html?order=DS-' + Date.now().toString(36).toUpperCase();
});`,
  );
}

export function thankYouPage(site: DemoShopSite): string {
  return page(
    site,
    'Thank you',
    `<h1>Thank you for your order</h1><p id="order"></p>`,
    `var cart = JSON.parse(localStorage.getItem('demoCart') || '[]');
var order = new URLSearchParams(location.search).get('order') || 'DS-' + Date.now().toString(36).toUpperCase();
var value = cart.reduce(function (sum, l) { return sum + Number(l.price) * l.quantity; }, 0);
document.getElementById('order').textContent = 'Order ' + order;
if (cart.length) rtbTag('trackTransaction', { orderId: order, value: value.toFixed(2), currency: 'PLN', items: cart });
localStorage.removeItem('demoCart');`,
  );
}
