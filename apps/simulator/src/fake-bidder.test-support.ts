import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BidRequest } from './openrtb';

/** What the fake bidder saw: the bid requests and every tracker hit with its query and cookies. */
export interface FakeBidderLog {
  requests: BidRequest[];
  hits: { path: string; query: URLSearchParams; cookie: string | undefined }[];
}

/**
 * How the fake bidder goes wrong (notices sent elsewhere, trackers answering an error status), and
 * what more its loss notices ask for.
 */
export interface FakeBidderOptions {
  /** More query of the loss notice URL, e.g. `&m=${AUCTION_MIN_TO_WIN}`. */
  lossQuery?: string;
  /** Where the win, billing and loss notice URLs point instead of the bidder itself. */
  noticeBase?: string;
  /** A status for a tracker path, e.g. `{ '/rtb/bill': 503 }`. */
  status?: Record<string, number>;
}

/**
 * A tiny bidder on node:http speaking the platform's protocol: bids on every other request at
 * `priceOf(n)` (image markup on one, HTML5 iframe markup with an encoded clickTag on the next),
 * answers 204 with a reason otherwise, and serves the trackers its markup points at (pixel and
 * click set `rtb_uid`; the click redirects).
 */
export async function startFakeBidder(
  priceOf: (n: number) => number,
  options: FakeBidderOptions = {},
): Promise<{ url: string; log: FakeBidderLog; close(): Promise<void> }> {
  const log: FakeBidderLog = { requests: [], hits: [] };
  let count = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/openrtb2/bid') {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const request = JSON.parse(body) as BidRequest;
        log.requests.push(request);
        count += 1;
        if (count % 2 === 0) {
          res.writeHead(204, { 'x-rtb-reason': 'no_matching_campaign' }).end();
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(bidFor(request, count, priceOf(count))));
      });
      return;
    }
    log.hits.push({ path: url.pathname, query: url.searchParams, cookie: req.headers.cookie });
    const status = options.status?.[url.pathname];
    if (status) res.writeHead(status).end();
    else if (url.pathname === '/rtb/imp') {
      res
        .writeHead(200, { 'set-cookie': 'rtb_uid=u-123; Path=/; HttpOnly', 'content-type': 'image/gif' })
        .end('GIF89a');
    } else if (url.pathname === '/rtb/click') {
      res
        .writeHead(302, {
          location: 'https://shop.example.com/landing',
          'set-cookie': 'rtb_uid=u-123; Path=/',
        })
        .end();
    } else res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const notices = options.noticeBase ?? base;
  const bidFor = (request: BidRequest, n: number, cpm: number) => {
    const imp = request.imp[0];
    const size = imp?.banner.format?.[0] ?? { w: imp?.banner.w ?? 300, h: imp?.banner.h ?? 250 };
    const click = `${base}/rtb/click?b=${n}&p=\${AUCTION_PRICE}`;
    const pixel = `${base}/rtb/imp?b=${n}&amp;p=\${AUCTION_PRICE}`;
    const adm =
      n % 4 === 1
        ? `<a href="${click}" target="_blank"><img src="${base}/creatives/k/banner.png" width="${size.w}" height="${size.h}"></a><img src="${pixel}" width="1" height="1" style="display:none">`
        : `<iframe src="${base}/creatives/k/index.html?clickTag=${encodeURIComponent(click)}" width="${size.w}" height="${size.h}"></iframe><img src='${pixel}' width=1 height=1>`;
    return {
      id: request.id,
      bidid: `bid-${n}`,
      cur: request.cur[0],
      seatbid: [
        {
          seat: 'rtb-platform',
          bid: [
            {
              id: `b${n}`,
              impid: imp?.id,
              price: cpm,
              adm,
              nurl: `${notices}/rtb/win?b=${n}&p=\${AUCTION_PRICE}&a=\${AUCTION_ID}&c=\${AUCTION_CURRENCY}`,
              burl: `${notices}/rtb/bill?b=${n}&p=\${AUCTION_PRICE}`,
              lurl: `${notices}/rtb/loss?b=${n}&r=\${AUCTION_LOSS}&p=\${AUCTION_PRICE}${options.lossQuery ?? ''}`,
              adomain: ['shop.example.com'],
              crid: '7',
              cid: '3',
              w: size.w,
              h: size.h,
              ext: { advertiserId: 42 },
            },
          ],
        },
      ],
    };
  };
  return {
    url: base,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
