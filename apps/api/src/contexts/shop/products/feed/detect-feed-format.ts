export type FeedFormat = 'xml' | 'csv' | 'tsv';

/**
 * The format from a feed's first bytes (a byte order mark and leading whitespace skipped):
 * XML starts with `<?xml`, `<rss`, `<feed` or a comment; otherwise a header line with a tab is
 * TSV, and one of text CSV. Anything else (HTML, an archive, nothing) is null.
 */
export function detectFeedFormat(firstBytes: Uint8Array): FeedFormat | null {
  // `stream` keeps a character cut off at the end from turning into U+FFFD.
  const head = new TextDecoder('utf-8').decode(firstBytes, { stream: true }).trimStart();
  if (head === '') return null;
  if (head.startsWith('<')) return /^<(\?xml|rss[\s>]|feed[\s>]|!--)/.test(head) ? 'xml' : null;
  const headerLine = head.split(/\r?\n|\r/, 1)[0] ?? '';
  if (!isText(headerLine)) return null;
  return headerLine.includes('\t') ? 'tsv' : 'csv';
}

/** No control characters but the tab, and valid UTF-8 (binary data has both). */
function isText(line: string): boolean {
  for (let index = 0; index < line.length; index += 1) {
    const code = line.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code === 0xfffd) return false;
  }
  return true;
}
