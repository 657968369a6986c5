import { messages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import { enforceLimits, type LimitName } from '../../../core/rate-limits';
import { callTracker } from '../external-apis/track-call';
import { probeUrl } from './fetch-status';

/** How a caller verifies: the limit it counts against (and its key), and the field of its errors. */
export interface UrlCheck {
  limit: [LimitName, string];
  field: string;
}

/**
 * A URL is verified when it is well formed and answers over HTTP(S) without an error status.
 * The public route counts per IP on `url`; a form that keeps a URL (a banner's landing page)
 * counts per account and names its own field.
 */
export async function verifyUrl(deps: AppDeps, input: string, check: UrlCheck) {
  const { field } = check;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw invalidField(field, messages.urlInvalid);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw invalidField(field, messages.urlInvalid);
  }
  await enforceLimits(deps, [check.limit]);
  let result: Awaited<ReturnType<typeof probeUrl>>;
  try {
    result = await probeUrl(url.toString(), {
      timeoutMs: deps.config.urlVerifyTimeoutMs,
      allowPrivate: deps.config.urlVerifyAllowPrivate,
      track: callTracker(deps, 'url-verify'),
    });
  } catch {
    throw invalidField(field, messages.urlUnreachable);
  }
  if (result.status >= 400) throw invalidField(field, messages.urlErrorStatus(result.status));
  return { url: url.toString(), finalUrl: result.finalUrl, status: result.status };
}
