import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppDeps } from '../../../core/deps';
import { downloadFeed } from './download-feed';
import { FeedFormatError } from './feed/feed-format-error';
import { FeedImportFailure } from './import-failure';
import { type ImportRun, importFeedFile } from './import-feed-file';
import {
  type FeedImportRecord,
  findFeed,
  finishImport,
  markUnseenRemoved,
  setFeedValidators,
} from './repository';

/** Where feed files wait for their import (uploads) or land while being imported (downloads). */
export const feedFolder = (deps: AppDeps) => join(deps.config.dataDir, 'feeds');

/** A new file name in the feeds folder (created when missing). */
export async function newFeedFile(deps: AppDeps, suffix: string): Promise<string> {
  await mkdir(feedFolder(deps), { recursive: true });
  return join(feedFolder(deps), `${randomUUID()}.${suffix}`);
}

/**
 * Runs one leased import to its end: a URL feed is downloaded first (304, or the same bytes as
 * the last import, end it as `not_modified`), then the file is imported. Success marks the
 * products it did not have removed, in the transaction that ends it; a failure records its
 * code and marks nothing removed. Errors that are not the feed's (the database went away) are
 * thrown: the lease then runs out and the run is failed as `interrupted`. The file is deleted.
 */
export async function runImport(deps: AppDeps, job: FeedImportRecord, run: ImportRun): Promise<void> {
  let path = job.filePath;
  try {
    let bytesTotal = job.bytesTotal;
    let fetched: Awaited<ReturnType<typeof downloadFeed>> | null = null;
    if (path === null) {
      const feed = await findFeed(deps.db, run.advertiserId);
      if (feed?.source !== 'url') throw new FeedImportFailure('fetch_failed', 'no feed URL');
      path = await newFeedFile(deps, 'download');
      fetched = await downloadFeed(deps, feed, path);
      if (fetched.notModified || fetched.sha256 === feed.contentSha256) {
        await finishImport(deps.db, run.id, run.token, {
          status: 'not_modified',
          bytesRead: fetched.notModified ? 0 : fetched.bytes,
        });
        return;
      }
      bytesTotal = fetched.bytesTotal ?? fetched.bytes;
    } else {
      bytesTotal ??= (await stat(path)).size;
    }
    const accepted = await importFeedFile(deps, run, path, bytesTotal);
    if (accepted === 0) throw new FeedImportFailure('empty_feed');
    const download = fetched;
    await deps.db.transaction(async (tx) => {
      const removed = await markUnseenRemoved(tx, run.advertiserId, run.id);
      if (!(await finishImport(tx, run.id, run.token, { status: 'succeeded', removed })))
        throw new Error(`feed import ${run.id}: lease lost before it succeeded`);
      if (download && !download.notModified)
        await setFeedValidators(tx, run.advertiserId, {
          etag: download.etag,
          lastModified: download.lastModified,
          contentSha256: download.sha256,
        });
    });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    await finishImport(deps.db, run.id, run.token, {
      status: 'failed',
      errorCode: failure.code,
      errorDetail: failure.detail,
    });
  } finally {
    if (path) await rm(path, { force: true });
  }
}

function failureOf(error: unknown): FeedImportFailure | null {
  if (error instanceof FeedImportFailure) return error;
  if (error instanceof FeedFormatError)
    return new FeedImportFailure(
      error.code,
      error.line === null ? error.message : `line ${error.line}: ${error.message}`,
    );
  return null;
}
