import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../attachment-disposition';
import { ExportAbortedError } from './backpressure';
import type { ExportOptions, ExportRow } from './columns';
import { exportContentTypes, writeExport } from './write-export';

export interface SendExportOptions<Row extends ExportRow> extends ExportOptions<Row> {
  /** The file's name offered to the browser; the format's extension is added when missing. */
  filename: string;
}

/** The rows with their first one read already: a failure to start (the query) is still an ordinary error answer. */
async function startedRows<Row>(rows: AsyncIterable<Row> | Iterable<Row>): Promise<AsyncIterable<Row>> {
  const iterator =
    Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : (rows as Iterable<Row>)[Symbol.iterator]();
  const first = await iterator.next();
  return {
    [Symbol.asyncIterator]() {
      let pending: IteratorResult<Row> | null = first;
      return {
        async next() {
          if (pending) {
            const result = pending;
            pending = null;
            return result;
          }
          return iterator.next();
        },
        async return(value?: unknown) {
          await iterator.return?.(value);
          return { done: true as const, value: undefined };
        },
      };
    },
  };
}

/**
 * Answers a Fastify request with an export as an attachment (CSV or XLSX), streamed: rows are
 * read as the client takes the file, never the whole file in memory. The first row is read
 * before anything is sent, so a query that fails at once gets the usual error answer; a later
 * failure cuts the response short (logged), since its status is already sent.
 *
 *   return sendExport(reply, { format, style, locale, filename: 'report-2026-11', columns, rows });
 */
export async function sendExport<Row extends ExportRow>(
  reply: FastifyReply,
  options: SendExportOptions<Row>,
): Promise<FastifyReply> {
  const rows = await startedRows(options.rows);
  const extension = `.${options.format}`;
  const filename = options.filename.toLowerCase().endsWith(extension)
    ? options.filename
    : `${options.filename}${extension}`;
  const body = new PassThrough();
  writeExport(body, { ...options, rows }).catch((error: unknown) => {
    if (error instanceof ExportAbortedError) reply.log.info('export aborted by the client');
    else reply.log.error({ err: error }, 'export failed while streaming');
  });
  return reply
    .header('content-type', exportContentTypes[options.format])
    .header('content-disposition', attachmentDisposition(filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}
