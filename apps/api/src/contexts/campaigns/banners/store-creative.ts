import type { AppDeps } from '../../../core/deps';
import { removeCreative, writeCreative } from './asset-store';
import type { Creative } from './creative-file';
import type { NewBanner } from './repository';

/**
 * Writes a checked creative under a new asset key, removed again if the transaction rolls back;
 * returns the banner's file columns.
 */
export async function storeCreative(deps: AppDeps, creative: Creative) {
  const assetKey = await writeCreative(deps.config, creative.files);
  deps.onRollback(() => removeCreative(deps.config, assetKey));
  return {
    type: creative.type,
    width: creative.width,
    height: creative.height,
    mimeType: creative.mimeType,
    fileSize: creative.fileSize,
    animated: creative.animated,
    fileCount: creative.fileCount,
    assetKey,
    assetEntry: creative.entry,
  } satisfies Partial<NewBanner>;
}
