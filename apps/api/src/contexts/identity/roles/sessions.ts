import type { AppDeps } from '../../../core/deps';

/**
 * A role's permissions changed: the cached sessions of everyone with the role are forgotten now,
 * so this transaction's reads miss the cache, and again after the commit, so no request caches
 * what was read in between. Their next request loads the new permissions.
 */
export function roleSessionsChanged(deps: AppDeps, roleId: number): void {
  deps.principals.forgetRole(roleId);
  deps.afterCommit(() => deps.principals.forgetRole(roleId));
}
