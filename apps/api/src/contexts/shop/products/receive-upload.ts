import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { productFeedMessages } from '@rtb/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import { fill } from '../../../core/fill';
import { newFeedFile } from './run-import';

const FIELD = 'file';

/**
 * The feed file of a multipart upload (field `file`), streamed to a file under DATA_DIR as it
 * arrives: never held in memory, and cut off at FEED_MAX_BYTES (a 422 on `file`, the partial
 * file deleted). No file, or an empty one, is a 422 too.
 */
export async function receiveFeedUpload(
  deps: AppDeps,
  request: FastifyRequest,
): Promise<{ path: string; bytes: number }> {
  const required = () => invalidField(FIELD, productFeedMessages.fileRequired);
  if (!request.isMultipart()) throw required();
  const maxBytes = deps.config.feedMaxBytes;
  const tooLarge = () =>
    invalidField(
      FIELD,
      fill(productFeedMessages.fileTooLarge, { max: Number((maxBytes / 2 ** 20).toFixed(2)) }),
    );
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 } });
  if (!part) throw required();
  if (part.fieldname !== FIELD) {
    part.file.resume();
    throw required();
  }
  const path = await newFeedFile(deps, 'upload');
  try {
    await pipeline(part.file, createWriteStream(path));
    if (part.file.truncated) throw tooLarge();
    const { size } = await stat(path);
    if (size === 0) throw required();
    return { path, bytes: size };
  } catch (error) {
    await rm(path, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}
