import multipart from '@fastify/multipart';
import { fileUploadMessages, UPLOAD_MAX_BYTES } from '@rtb/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidField } from '../../../core/errors';

/** A file sent in a multipart request, read into memory (it is at most the route's limit). */
export interface IncomingFile {
  /** The name the browser gave (its MIME type is not trusted: the content is checked instead). */
  filename: string;
  data: Buffer;
}

const isIncomingFile = (value: unknown): value is IncomingFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as IncomingFile).filename === 'string' &&
  Buffer.isBuffer((value as IncomingFile).data);

/** The file field of a route's body schema; `message` is the error when there is no file. */
export const incomingFileField = (message?: string) => z.custom<IncomingFile>(isIncomingFile, message);

/** The file field of a route's body schema. */
export const incomingFile = incomingFileField();

/** How large a route's file may be, and the field error when it is larger. */
export interface FileLimit {
  maxBytes: number;
  tooLarge: string;
}

/** The limit of uploads in general (attachments). */
const uploadLimit: FileLimit = { maxBytes: UPLOAD_MAX_BYTES, tooLarge: fileUploadMessages.tooLarge };

/** One file and a few short fields per request; the file may not be larger than the limit. */
const limitsOf = (fileSize: number) => ({ fileSize, files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024 });
const limits = limitsOf(UPLOAD_MAX_BYTES);

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
 * The file's limit is UPLOAD_MAX_BYTES unless the route says otherwise (`limitOf`, asked per
 * request, e.g. a config value); reading stops as soon as a file passes it.
 */
export function multipartBody(
  fileField: string,
  limitOf: (request: FastifyRequest) => Promise<FileLimit> = async () => uploadLimit,
) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) return;
    const limit = await limitOf(request);
    const body: Record<string, unknown> = {};
    try {
      for await (const part of request.parts({ limits: limitsOf(limit.maxBytes) })) {
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
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalidField(fileField, limit.tooLarge);
      if (code === 'FST_FILES_LIMIT') throw invalidField(fileField, fileUploadMessages.oneFile);
      throw error;
    }
    request.body = body;
  };
}
