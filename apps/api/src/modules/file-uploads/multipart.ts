import multipart from '@fastify/multipart';
import { fileUploadMessages, UPLOAD_MAX_BYTES } from '@rtb/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidField } from '../../core/errors';

/** A file sent in a multipart request, read into memory (it is at most UPLOAD_MAX_BYTES). */
export interface IncomingFile {
  /** The name the browser gave (its MIME type is not trusted: the content is checked instead). */
  filename: string;
  data: Buffer;
}

/** The file field of a route's body schema. */
export const incomingFile = z.custom<IncomingFile>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as IncomingFile).filename === 'string' &&
    Buffer.isBuffer((value as IncomingFile).data),
);

/** One file and a few short fields per request; the file may not be larger than the limit. */
const limits = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024 };

/**
 * Lets the routes of this plugin scope take `multipart/form-data`. The access checks run first
 * (onRequest), so nothing is read from a request that would be refused.
 */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits });
}

/**
 * A `preValidation` hook: a multipart body becomes `{...fields, [fileField]: IncomingFile}`,
 * so the route's zod schema validates it like a JSON one. A browser sends an empty file part
 * when no file was chosen: it is no file. Too large a file, or a second one, is a field error.
 */
export function multipartBody(fileField: string) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) return;
    const body: Record<string, unknown> = {};
    try {
      for await (const part of request.parts({ limits })) {
        if (part.type === 'field') {
          body[part.fieldname] = part.value;
          continue;
        }
        const data = await part.toBuffer();
        if (part.fieldname !== fileField) throw invalidField(fileField, fileUploadMessages.oneFile);
        if (part.filename) body[fileField] = { filename: part.filename, data } satisfies IncomingFile;
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalidField(fileField, fileUploadMessages.tooLarge);
      if (code === 'FST_FILES_LIMIT') throw invalidField(fileField, fileUploadMessages.oneFile);
      throw error;
    }
    request.body = body;
  };
}
