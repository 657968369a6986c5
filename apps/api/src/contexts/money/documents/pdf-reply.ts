import type { FastifyReply } from 'fastify';

/** A PDF answer: shown in the browser (previews in the panels), or saved as a file with `download`. */
export function replyWithPdf(
  reply: FastifyReply,
  file: { filename: string; content: Buffer },
  download: boolean,
): Buffer {
  reply
    .type('application/pdf')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store');
  return file.content;
}
