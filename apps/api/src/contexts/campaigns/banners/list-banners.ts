import type { AdminBannersQuery, BannersQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toBannerDto } from './dto';
import { type BannerScope, listBanners } from './repository';

/** A page of the scope's banners: search by name, filter by status, type, size (and advertiser). */
export async function listBannersPage(
  deps: AppDeps,
  scope: BannerScope,
  query: BannersQuery & Partial<AdminBannersQuery>,
) {
  const { rows, total } = await listBanners(deps.db, scope, query);
  return listOfPage(rows.map(toBannerDto), query, total);
}
