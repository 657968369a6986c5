import type { DeliveryDeps } from '../deps';
import { conversionSettingsOf } from './conversion-repository';

/** The secret the advertiser's postbacks are signed with; null for an advertiser without one (or none at all). */
export async function postbackSecretOf(deps: DeliveryDeps, advertiserId: number): Promise<string | null> {
  const [row] = await conversionSettingsOf(deps.db, [advertiserId]);
  return row?.postbackSecret ?? null;
}
