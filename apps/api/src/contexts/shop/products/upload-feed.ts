import { rm } from 'node:fs/promises';
import type { FeedImport } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { toFeedImportDto } from './dto';
import { ensureFeed, insertImport } from './repository';

/**
 * Queues the import of an uploaded file (already stored under DATA_DIR by the route); an
 * advertiser without a feed gets one of uploads. Should the transaction roll back, the file
 * goes with it.
 */
export async function queueUploadedFeed(
  deps: AppDeps,
  advertiserId: number,
  file: { path: string; bytes: number },
): Promise<FeedImport> {
  deps.onRollback(() => rm(file.path, { force: true }));
  await ensureFeed(deps.db, advertiserId);
  const queued = await insertImport(deps.db, {
    advertiserId,
    trigger: 'upload',
    filePath: file.path,
    bytesTotal: file.bytes,
  });
  return toFeedImportDto(queued);
}
