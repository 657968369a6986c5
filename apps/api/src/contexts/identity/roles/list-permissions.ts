import { accountKinds, type PermissionCategoryDto, type PermissionsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listPermissions } from './repository';

/** The permission catalogue per category, its resources grouped in catalogue order. */
export async function listPermissionCatalogue(
  deps: AppDeps,
  query: PermissionsQuery,
): Promise<PermissionCategoryDto[]> {
  const entries = await listPermissions(deps.db, query.category);
  return accountKinds
    .filter((category) => !query.category || category === query.category)
    .map((category) => {
      const groups = new Map<string, typeof entries>();
      for (const entry of entries.filter((e) => e.category === category))
        groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
      return {
        category,
        groups: [...groups].map(([group, permissions]) => ({ group, permissions })),
      };
    });
}
