/** What the simulated browser needs from a bid's markup: the impression pixel and the click URL. */
export interface AdMarkupLinks {
  impressionUrl: string | null;
  clickUrl: string | null;
}

const IMPRESSION_PATH = '/rtb/imp';
const CLICK_PATH = '/rtb/click';

/**
 * Finds, in any HTML the bidder may send, the `<img>` whose src is our impression pixel and the
 * click URL: an `<a href>` to our click tracker, or the `clickTag` parameter of an HTML5
 * creative's iframe src. Attribute quoting, case and entity-encoding do not matter.
 */
export function parseAdMarkup(html: string): AdMarkupLinks {
  let impressionUrl: string | null = null;
  let clickUrl: string | null = null;
  for (const tag of html.matchAll(/<(img|a|iframe)\b([^>]*)>/gi)) {
    const name = (tag[1] ?? '').toLowerCase();
    const attributes = attributesOf(tag[2] ?? '');
    if (name === 'img') {
      const src = attributes.get('src');
      if (!impressionUrl && src?.includes(IMPRESSION_PATH)) impressionUrl = src;
    } else if (name === 'a') {
      const href = attributes.get('href');
      if (!clickUrl && href?.includes(CLICK_PATH)) clickUrl = href;
    } else {
      const tagged = clickTagOf(attributes.get('src') ?? '');
      if (!clickUrl && tagged?.includes(CLICK_PATH)) clickUrl = tagged;
    }
  }
  return { impressionUrl, clickUrl };
}

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** The `clickTag` parameter of a URL's query or fragment, decoded. */
function clickTagOf(url: string): string | null {
  const match = /[?&#]clicktag=([^&#]*)/i.exec(url);
  if (!match) return null;
  try {
    return decodeURIComponent((match[1] ?? '').replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

const namedEntities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number(entity.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[entity.toLowerCase()] ?? whole;
  });
}
