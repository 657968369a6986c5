import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { attributeName } from './attribute-name';
import { decodeChunks, type FeedSource } from './decode-chunks';
import { type FeedRow, normaliseProduct } from './normalise-product';

/** Longest record csv-parse buffers: an unclosed quote cannot make it hold the rest of the file. */
const MAX_RECORD_CHARS = 1 << 20;

type ParsedRecord = { record: string[]; raw: string; info: { lines: number } };

/**
 * CSV or TSV with a header row: plain attribute names (`image_link`, `Image link`) or labelled
 * ones (`Title [title]`, the bracketed name wins), in any case; a column repeated keeps all its
 * values. `row` is the line where the record starts. A record csv-parse cannot read (a wrong
 * number of fields, a broken quote) is rejected as `malformed_row` and parsing goes on after it.
 * An unclosed quote runs, as CSV reads it, to the next quote, so the lines it swallows belong to
 * that one rejected record. A stray quote inside a field (`12" screen`) is kept as text.
 */
export async function* parseDelimited(
  source: FeedSource,
  options: { delimiter: ',' | '\t' },
): AsyncGenerator<FeedRow> {
  // Malformed records, in file order; they are reported among the records by line.
  let skipped: FeedRow[] = [];
  const parser = parse({
    delimiter: options.delimiter,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_RECORD_CHARS,
    info: true,
    raw: true,
    on_skip: (error, raw) => {
      const row = startLine(Number(error?.lines ?? 0), raw ?? '');
      skipped.push({ ok: false, row, rejections: [{ attribute: '', reason: 'malformed_row' }] });
    },
  });
  // Errors of the source destroy the parser, so they end the loop below.
  pipeline(Readable.from(cleanText(decodeChunks(source))), parser, () => {});

  let header: string[] | null = null;
  for await (const { record, raw, info } of parser as AsyncIterable<ParsedRecord>) {
    const row = startLine(info.lines, raw);
    const earlier = skipped.filter((rejected) => rejected.row < row);
    if (earlier.length > 0) {
      skipped = skipped.filter((rejected) => rejected.row >= row);
      yield* earlier;
    }
    if (header === null) {
      header = record.map(attributeName);
      continue;
    }
    const attributes = new Map<string, string[]>();
    header.forEach((name, index) => {
      const value = record[index] ?? '';
      const values = attributes.get(name);
      if (values) values.push(value);
      else attributes.set(name, [value]);
    });
    yield normaliseProduct(attributes, row);
  }
  yield* skipped;
}

/**
 * csv-parse counts the line a record ends on; the record's own line breaks lead back to its
 * first. Its raw text starts with the empty lines skipped before it and ends with its newline.
 */
function startLine(endLine: number, raw: string): number {
  let first = 0;
  while (raw[first] === '\n') first += 1;
  let breaks = 0;
  for (
    let index = raw.indexOf('\n', first);
    index !== -1 && index < raw.length - 1;
    index = raw.indexOf('\n', index + 1)
  ) {
    breaks += 1;
  }
  return endLine - breaks;
}

/**
 * `\r\n` and a lone `\r` as `\n`: csv-parse counts a quoted `\r\n` as two lines, which would
 * skew line numbers. A NUL is dropped: PostgreSQL stores none in text or jsonb, and one would
 * fail its whole batch's write. (XML allows none: saxes refuses it.)
 */
async function* cleanText(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let carriageReturn = false;
  for await (const chunk of chunks) {
    let text: string = carriageReturn ? `\r${chunk}` : chunk;
    carriageReturn = text.endsWith('\r');
    if (carriageReturn) text = text.slice(0, -1);
    yield text.replace(/\r\n?/g, '\n').replaceAll('\0', '');
  }
  if (carriageReturn) yield '\n';
}
