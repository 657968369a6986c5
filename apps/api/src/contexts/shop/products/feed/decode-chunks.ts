import { TextDecoder } from 'node:util';
import { FeedFormatError } from './feed-format-error';

export type FeedSource = AsyncIterable<Uint8Array | string>;

/** Bytes gathered before the encoding is chosen (an XML declaration fits in them). */
const HEAD_BYTES = 256;

/**
 * The source as text, chunk by chunk (a character split across chunks is kept whole); a
 * byte order mark is dropped. `encoding` picks the label from the first bytes (UTF-8 when absent).
 */
export async function* decodeChunks(
  source: FeedSource,
  encoding: (firstBytes: Uint8Array) => string = () => 'utf-8',
): AsyncGenerator<string> {
  let decoder = null as TextDecoder | null; // set by startDecoding
  const startDecoding = (bytes: Uint8Array): string => {
    decoder = textDecoder(encoding(bytes));
    return decoder.decode(bytes, { stream: true });
  };
  let head: Uint8Array[] = [];
  let headSize = 0;
  let first = true;
  for await (const chunk of source) {
    if (typeof chunk === 'string') {
      const text = first && chunk.startsWith('\uFEFF') ? chunk.slice(1) : chunk;
      first = false;
      if (text !== '') yield text;
      continue;
    }
    first = false;
    if (decoder === null) {
      head.push(chunk);
      headSize += chunk.length;
      if (headSize < HEAD_BYTES) continue;
      const text = startDecoding(Buffer.concat(head));
      head = [];
      if (text !== '') yield text;
      continue;
    }
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const rest = (head.length > 0 ? startDecoding(Buffer.concat(head)) : '') + (decoder?.decode() ?? '');
  if (rest !== '') yield rest;
}

function textDecoder(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch {
    throw new FeedFormatError('unsupported_encoding', 1, `Unsupported encoding: ${label}`);
  }
}
