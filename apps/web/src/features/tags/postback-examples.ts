import { POSTBACK_SIGNATURE_HEADER, POSTBACK_TIMESTAMP_HEADER, type PostbackSettings } from '@rtb/shared';

/** Languages a postback example is written in. */
export const postbackLanguages = ['curl', 'php', 'node'] as const;
export type PostbackLanguage = (typeof postbackLanguages)[number];

/** `x-rtb-timestamp` as people write headers: `X-RTB-Timestamp`. */
const headerName = (name: string) =>
  name
    .split('-')
    .map((part) => (part === 'rtb' ? 'RTB' : part[0]?.toUpperCase() + part.slice(1)))
    .join('-');
const TIMESTAMP = headerName(POSTBACK_TIMESTAMP_HEADER);
const SIGNATURE = headerName(POSTBACK_SIGNATURE_HEADER);

/**
 * A postback of one order in each language, with the advertiser's endpoint, id and currency: the
 * shell example carries the secret (run it to see a test order arrive in the debugger); the code
 * reads it from the environment, where a server keeps its secrets.
 */
export function postbackExample(language: PostbackLanguage, postback: PostbackSettings): string {
  const { url, advertiserId, secret } = postback;
  const currency = postback.currency ?? 'PLN';
  switch (language) {
    case 'curl':
      return [
        `SECRET='${secret}'`,
        `BODY="{\\"advertiserId\\":${advertiserId},\\"orderId\\":\\"TEST-$(date +%s)\\",\\"value\\":\\"199.99\\",\\"currency\\":\\"${currency}\\"}"`,
        'TS=$(date +%s)',
        `SIG=$(printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //')`,
        `curl -i -X POST '${url}' \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -H "${TIMESTAMP}: $TS" \\`,
        `  -H "${SIGNATURE}: sha256=$SIG" \\`,
        `  --data-raw "$BODY"`,
      ].join('\n');
    case 'php':
      return [
        "$secret = getenv('RTB_POSTBACK_SECRET');",
        '$body = json_encode(array_filter([',
        `    'advertiserId' => ${advertiserId},`,
        "    'orderId' => $order->id,",
        "    'value' => number_format($order->total, 2, '.', ''),",
        `    'currency' => '${currency}',`,
        "    'visitorId' => $_COOKIE['_rtbvid'] ?? null,",
        '], fn ($v) => $v !== null));',
        '$timestamp = (string) time();',
        "$signature = 'sha256=' . hash_hmac('sha256', $timestamp . '.' . $body, $secret);",
        `$ch = curl_init('${url}');`,
        'curl_setopt_array($ch, [',
        '    CURLOPT_POST => true,',
        '    CURLOPT_POSTFIELDS => $body,',
        '    CURLOPT_RETURNTRANSFER => true,',
        `    CURLOPT_HTTPHEADER => ['Content-Type: application/json', "${TIMESTAMP}: $timestamp", "${SIGNATURE}: $signature"],`,
        ']);',
        'curl_exec($ch);',
        '$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);',
      ].join('\n');
    case 'node':
      return [
        "import { createHmac } from 'node:crypto';",
        '',
        'const secret = process.env.RTB_POSTBACK_SECRET;',
        'const body = JSON.stringify({',
        `  advertiserId: ${advertiserId},`,
        '  orderId: order.id,',
        '  value: order.total.toFixed(2),',
        `  currency: '${currency}',`,
        '  visitorId: request.cookies._rtbvid,',
        '});',
        'const timestamp = String(Math.floor(Date.now() / 1000));',
        "const signature = 'sha256=' + createHmac('sha256', secret).update(timestamp + '.' + body).digest('hex');",
        `const res = await fetch('${url}', {`,
        "  method: 'POST',",
        `  headers: { 'content-type': 'application/json', '${POSTBACK_TIMESTAMP_HEADER}': timestamp, '${POSTBACK_SIGNATURE_HEADER}': signature },`,
        '  body,',
        '});',
      ].join('\n');
  }
}
