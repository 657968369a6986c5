import { messages } from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { invalidField } from '../../core/errors';
import { enforceLimits } from '../auth/rate-limits';
import type { ClientInfo } from '../auth/session';
import { callTracker } from '../external-apis/track-call';
import { probeUrl } from './fetch-status';

/** A URL is verified when it is well formed and answers over HTTP(S) without an error status. */
export async function verifyUrl(deps: AppDeps, input: string, client: ClientInfo) {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw invalidField('url', messages.urlInvalid);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw invalidField('url', messages.urlInvalid);
  }
  await enforceLimits(deps, [['urlVerifyPerIp', client.ip ?? 'unknown']]);
  let result: Awaited<ReturnType<typeof probeUrl>>;
  try {
    result = await probeUrl(url.toString(), {
      timeoutMs: deps.config.urlVerifyTimeoutMs,
      allowPrivate: deps.config.urlVerifyAllowPrivate,
      track: callTracker(deps, 'url-verify'),
    });
  } catch {
    throw invalidField('url', messages.urlUnreachable);
  }
  if (result.status >= 400) throw invalidField('url', messages.urlErrorStatus(result.status));
  return { url: url.toString(), finalUrl: result.finalUrl, status: result.status };
}
