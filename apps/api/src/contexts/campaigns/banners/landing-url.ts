import type { AppDeps } from '../../../core/deps';
import type { Actor } from '../../platform';
import { verifyUrl } from '../../platform';

/**
 * A landing page must answer, checked as the URL verification does (the form's check of a
 * website), counted per account; its failure is a 422 on `landingUrl`.
 */
export async function checkLandingUrl(deps: AppDeps, url: string, actor: Actor): Promise<void> {
  await verifyUrl(deps, url, {
    limit: ['landingUrlPerAccount', String(actor.accountId)],
    field: 'landingUrl',
  });
}
