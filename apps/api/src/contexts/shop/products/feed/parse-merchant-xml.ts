import type { FeedRejection } from '@rtb/shared';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { attributeName } from './attribute-name';
import { decodeChunks, type FeedSource } from './decode-chunks';
import { FeedFormatError } from './feed-format-error';
import { type FeedRow, normaliseProduct } from './normalise-product';

const GOOGLE_NS = 'http://base.google.com/ns/1.0';
/** Element namespaces whose names are Merchant Center attributes: none (RSS), Atom's, Google's. */
const attributeNamespaces = new Set(['', 'http://www.w3.org/2005/Atom', GOOGLE_NS]);
/** Text kept per item: bounds memory whatever the feed holds (far above any real product). */
const MAX_ITEM_CHARS = 1 << 20;
/** Text is handed to saxes in slices of at most this, so the size guard below is tight. */
const SLICE_CHARS = 1 << 16;

/**
 * Google Merchant Center XML: RSS 2.0 (`<rss><channel><item>`) or Atom (`<feed><entry>`), each
 * item's child elements its attributes, in Google's namespace under any prefix (an undeclared
 * `g:` is taken as Google's) or without one; a `g:` value wins over the plain one. A nested
 * attribute (`<g:shipping><g:country>`) keeps its parts joined with `:`, as in Google's text
 * feeds. Only the current item is held in memory (an item over 1 MiB of text is rejected as
 * `too_long`). Broken XML: everything before the fault is yielded, then a
 * FeedFormatError('malformed_xml') is thrown. No DTD is read (entities are XML's
 * five and numeric ones), so entity expansion cannot blow up.
 */
export async function* parseMerchantXml(source: FeedSource): AsyncGenerator<FeedRow> {
  const parser = new SaxesParser({
    xmlns: true,
    resolvePrefix: (prefix: string) => (prefix === 'g' ? GOOGLE_NS : undefined),
  });
  const reader = new ItemReader();
  // saxes holds a token (a text, CDATA section, comment, tag or entity name) whole until it
  // ends; no event for MAX_ITEM_CHARS means one that large, so the feed is refused instead.
  let sawEvent = false;
  let sinceEvent = 0;
  const seen = () => {
    sawEvent = true;
  };
  parser.on('opentag', (tag) => {
    seen();
    reader.open(tag, parser.line);
  });
  parser.on('closetag', () => {
    seen();
    reader.close();
  });
  parser.on('text', (text) => {
    seen();
    reader.text(text);
  });
  parser.on('cdata', (text) => {
    seen();
    reader.text(text);
  });
  parser.on('comment', seen);
  parser.on('processinginstruction', seen);
  parser.on('doctype', seen);

  let failure: FeedFormatError | null = null;
  const run = (step: () => void) => {
    try {
      step();
    } catch (error) {
      failure =
        error instanceof FeedFormatError
          ? error
          : new FeedFormatError(
              'malformed_xml',
              parser.line,
              error instanceof Error ? error.message : String(error),
            );
    }
  };
  for await (const text of decodeChunks(source, declaredEncoding)) {
    for (let start = 0; start < text.length && !failure; start += SLICE_CHARS) {
      const slice = text.slice(start, start + SLICE_CHARS);
      sawEvent = false;
      run(() => parser.write(slice));
      // An upper bound: the open token began after the slice's last event, if it had one.
      sinceEvent = sawEvent ? slice.length : sinceEvent + slice.length;
      if (sinceEvent > MAX_ITEM_CHARS && !failure) {
        failure = new FeedFormatError('element_too_large', parser.line, 'A text or tag longer than 1 MiB');
      }
    }
    yield* reader.takeRows();
    if (failure) throw failure;
  }
  run(() => parser.close());
  yield* reader.takeRows();
  if (failure) throw failure;
}

/** Collects the current item's attributes from the parser's events. */
class ItemReader {
  private depth = 0;
  private rootName = '';
  private parentName = '';
  private itemDepth = 0;
  private itemNumber = 0;
  private rows: FeedRow[] = [];
  // The current item: its Google and plain attributes, the attribute being read, its text.
  private google = new Map<string, string[]>();
  private plain = new Map<string, string[]>();
  private attribute: { name: string; google: boolean; href: string | null } | null = null;
  private buffer = '';
  private parts: string[] = [];
  private chars = 0;
  private overflow: string | null = null;

  open(tag: SaxesTagNS, line: number): void {
    this.depth += 1;
    if (this.depth === 1) {
      this.rootName = tag.local;
      if (tag.local !== 'rss' && tag.local !== 'feed') {
        throw new FeedFormatError('unrecognised_format', line, `<${tag.name}> is neither <rss> nor <feed>`);
      }
    }
    if (this.itemDepth === 0) {
      if (this.isItem(tag)) this.startItem();
      else if (this.depth <= 2) this.parentName = tag.local;
      return;
    }
    if (this.depth === this.itemDepth + 1) {
      this.attribute = { name: elementName(tag), google: tag.uri === GOOGLE_NS, href: atomHref(tag) };
      this.buffer = '';
      this.parts = [];
      // Names and links count too, so that an item of countless empty elements is bounded as well.
      this.count(tag.name.length + (this.attribute.href?.length ?? 0));
    }
  }

  close(): void {
    this.depth -= 1;
    if (this.itemDepth === 0) return;
    if (this.depth === this.itemDepth - 1) this.finishItem();
    else if (this.depth === this.itemDepth) this.finishAttribute();
    else {
      // A sub-attribute (`<g:shipping><g:country>`): one part of its parent's value.
      this.parts.push(this.buffer.trim());
      this.buffer = '';
    }
  }

  text(text: string): void {
    if (this.attribute === null || this.overflow !== null) return;
    if (this.count(text.length)) this.buffer += text;
  }

  /** The rows finished since the last call. */
  takeRows(): FeedRow[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  /** Adds to the item's size; false (and the item too long) once it passes the bound. */
  private count(chars: number): boolean {
    this.chars += chars;
    if (this.chars <= MAX_ITEM_CHARS) return true;
    this.overflow ??= this.attribute?.name ?? '';
    return false;
  }

  private isItem(tag: SaxesTagNS): boolean {
    if (this.rootName === 'rss')
      return this.depth === 3 && this.parentName === 'channel' && tag.local === 'item';
    return this.depth === 2 && tag.local === 'entry';
  }

  private startItem(): void {
    this.itemDepth = this.depth;
    this.itemNumber += 1;
    this.google = new Map();
    this.plain = new Map();
    this.chars = 0;
    this.overflow = null;
  }

  private finishAttribute(): void {
    const attribute = this.attribute;
    if (attribute === null) return;
    const text = this.parts.length > 0 ? this.parts.join(':') : this.buffer;
    const value = text.trim() === '' && attribute.href !== null ? attribute.href : text;
    const values = attribute.google ? this.google : this.plain;
    const list = values.get(attribute.name);
    if (list) list.push(value);
    else values.set(attribute.name, [value]);
    this.attribute = null;
    this.buffer = '';
  }

  private finishItem(): void {
    this.itemDepth = 0;
    if (this.overflow !== null) {
      const rejection: FeedRejection = { attribute: this.overflow, reason: 'too_long' };
      this.rows.push({ ok: false, row: this.itemNumber, rejections: [rejection] });
      return;
    }
    const attributes = this.plain;
    for (const [name, values] of this.google) attributes.set(name, values);
    this.rows.push(normaliseProduct(attributes, this.itemNumber));
  }
}

/** The attribute an element names: `g:image_link`, `image_link` -> `image_link`; others keep their prefix. */
function elementName(tag: SaxesTagNS): string {
  if (attributeNamespaces.has(tag.uri)) return attributeName(tag.local);
  return attributeName(tag.prefix ? `${tag.prefix}:${tag.local}` : tag.local);
}

/** Atom's `<link href="..."/>` (no rel, or rel="alternate") is the product's link. */
function atomHref(tag: SaxesTagNS): string | null {
  if (tag.local !== 'link' || tag.uri === GOOGLE_NS) return null;
  const rel = tag.attributes.rel?.value ?? 'alternate';
  return rel === 'alternate' ? (tag.attributes.href?.value ?? null) : null;
}

/** The encoding named by `<?xml ... encoding="..."?>` in the first bytes; UTF-8 without one. */
function declaredEncoding(firstBytes: Uint8Array): string {
  const head = Buffer.from(firstBytes.subarray(0, 256)).toString('latin1');
  return (
    /^(?:\uFEFF|\xEF\xBB\xBF)?\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1] ??
    'utf-8'
  );
}
