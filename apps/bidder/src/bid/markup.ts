import { type BannerInput, escapeHtml as escapeAttribute } from '@rtb/rtb';

/** URLs of one bid's markup: the creative's file, where a click goes, the impression pixel. */
export interface MarkupUrls {
  creative: string;
  click: string;
  pixel: string;
}

/**
 * The ad markup (`adm`): the creative at its served size, a click through our click tracker, and
 * our impression pixel. An image is a link around an `<img>`; an HTML5 banner runs in a
 * sandboxed iframe of our creatives' origin and gets the click URL as `clickTag`, the IAB way.
 * The pixel URL keeps `${AUCTION_PRICE}` as it is, for the exchange to fill in.
 */
export function bannerMarkup(banner: BannerInput, urls: MarkupUrls): string {
  const size = `width="${banner.width}" height="${banner.height}"`;
  const pixel = `<img src="${escapeAttribute(urls.pixel)}" width="1" height="1" alt="" style="position:absolute;width:1px;height:1px;border:0">`;
  if (banner.type === 'html5') {
    const src = `${urls.creative}?clickTag=${encodeURIComponent(urls.click)}`;
    return (
      `<iframe src="${escapeAttribute(src)}" ${size} frameborder="0" scrolling="no" ` +
      `sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox" style="border:0;display:block"></iframe>${pixel}`
    );
  }
  return (
    `<a href="${escapeAttribute(urls.click)}" target="_blank" rel="noopener">` +
    `<img src="${escapeAttribute(urls.creative)}" ${size} alt="" style="border:0;display:block"></a>${pixel}`
  );
}
