import { randomBytes } from 'node:crypto';
import {
  type ConversionSettingsRow,
  conversionAdvertiser,
  conversionSettingsOf,
  lockConversionSettings,
  updateConversionSettings,
} from '@rtb/delivery';
import { POSTBACK_PATH, type PostbackSettings, toApiDateTime } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type Actor, recordActivity } from '../../platform';

/** 256 random bits (base64url) behind a prefix that says what it is (and lets secret scanners find it). */
const newSecret = () => `rtbps_${randomBytes(32).toString('base64url')}`;

async function settingsOf(deps: AppDeps, row: ConversionSettingsRow): Promise<PostbackSettings> {
  const advertiser = await conversionAdvertiser(deps, row.advertiserId);
  return {
    url: `${deps.config.rtbPublicUrl}${POSTBACK_PATH}`,
    advertiserId: row.advertiserId,
    currency: advertiser?.currency ?? null,
    secret: row.postbackSecret as string,
    secretCreatedAt: toApiDateTime(row.postbackSecretCreatedAt as Date),
  };
}

/**
 * `GET /api/advertiser/tag/postback`: what the shop's server needs to send postbacks, the secret
 * made on the first visit. In the caller's transaction.
 */
export async function getPostbackSettings(deps: AppDeps, advertiserId: number): Promise<PostbackSettings> {
  const [known] = await conversionSettingsOf(deps.db, [advertiserId]);
  if (known?.postbackSecret) return settingsOf(deps, known);
  const row = await lockConversionSettings(deps.db, advertiserId);
  if (row.postbackSecret) return settingsOf(deps, row);
  return settingsOf(
    deps,
    await updateConversionSettings(deps.db, advertiserId, {
      postbackSecret: newSecret(),
      postbackSecretCreatedAt: new Date(),
    }),
  );
}

/**
 * `POST /api/advertiser/tag/postback/secret`: a new secret replaces the old one at once (a
 * leaked secret must stop working), written to the activity log without its value.
 */
export async function rotatePostbackSecret(
  deps: AppDeps,
  advertiserId: number,
  actor: Actor,
): Promise<PostbackSettings> {
  const before = await lockConversionSettings(deps.db, advertiserId);
  const after = await updateConversionSettings(deps.db, advertiserId, {
    postbackSecret: newSecret(),
    postbackSecretCreatedAt: new Date(),
  });
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'conversion_settings',
      entityId: advertiserId,
      before: { postbackSecretCreatedAt: before.postbackSecretCreatedAt },
      after: { postbackSecretCreatedAt: after.postbackSecretCreatedAt },
      advertiserId,
    },
  ]);
  return settingsOf(deps, after);
}
