import type { FeedSource } from './decode-chunks';
import { detectFeedFormat } from './detect-feed-format';
import { FeedFormatError } from './feed-format-error';
import type { FeedRow } from './normalise-product';
import { parseDelimited } from './parse-delimited';
import { parseMerchantXml } from './parse-merchant-xml';

/** Bytes read before deciding the format (more than one chunk when the first is tiny). */
const PEEK_BYTES = 4096;

/**
 * Any supported feed: reads its first bytes, picks the parser (`detectFeedFormat`) and hands
 * it the whole source, those bytes included. A format it cannot tell is a FeedFormatError.
 */
export async function* parseFeed(source: FeedSource): AsyncGenerator<FeedRow> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    const head: (Uint8Array | string)[] = [];
    const headBytes: Uint8Array[] = [];
    let size = 0;
    let ended = false;
    while (size < PEEK_BYTES && !ended) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else {
        const bytes = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
        head.push(next.value);
        headBytes.push(bytes);
        size += bytes.length;
      }
    }
    const format = detectFeedFormat(Buffer.concat(headBytes));
    if (format === null)
      throw new FeedFormatError('unrecognised_format', 1, 'Not a Merchant Center XML, CSV or TSV feed');
    const whole = (async function* () {
      yield* head;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })();
    yield* format === 'xml'
      ? parseMerchantXml(whole)
      : parseDelimited(whole, { delimiter: format === 'tsv' ? '\t' : ',' });
  } finally {
    await iterator.return?.();
  }
}
