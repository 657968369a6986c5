import { downloadLinkMessages } from '@rtb/shared';
import type { ClientInfo } from '../../../core/client-info';
import type { AppDeps } from '../../../core/deps';
import { type DownloadRoutes, downloadPathOf } from '../../../core/download-routes';
import { forbidden, invalidField, notFound, unauthenticated } from '../../../core/errors';
import { issueDownloadToken, type Principal } from '../auth/download-tokens';

/**
 * Asks the download route whether the caller may read the path: the HTTP status it answers
 * the caller's own session (a HEAD request: the same access check and organisation scope).
 */
export type ReadCheck = (path: string) => Promise<number>;

/**
 * A link that opens one download without the authorization header (a new tab cannot send
 * it): the path with `?authorization=` and a token that works once, for that path only,
 * within a minute, and no longer than the session it was made from.
 */
export async function createDownloadLink(
  deps: AppDeps,
  caller: Principal,
  rawPath: string,
  context: { downloads: DownloadRoutes; canRead: ReadCheck; client: ClientInfo },
): Promise<{ url: string }> {
  const path = downloadPathOf(rawPath);
  if (path === null || !context.downloads.has(path))
    throw invalidField('path', downloadLinkMessages.notADownload);
  const status = await context.canRead(path);
  if (status === 401) throw unauthenticated();
  if (status === 403) throw forbidden();
  if (status === 404) throw notFound();
  // The route refused the path's own parameters (an id that is no number, an unknown option).
  if (status === 400 || status === 422) throw invalidField('path', downloadLinkMessages.notADownload);
  if (status < 200 || status > 299)
    throw new Error(`the download route answered ${status} to the read check`);

  const token = await issueDownloadToken(deps.db, caller, path, context.client);
  return { url: `${path}${path.includes('?') ? '&' : '?'}authorization=${token}` };
}
