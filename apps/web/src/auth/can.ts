import { grants, LOCAL_ADMIN_ROLE, type MeDto, type PermissionMode } from '@rtb/shared';
import { useProfile } from './profile-context';

/**
 * Whether the signed-in user's role grants `resource` in `mode` (the server checks the same; the
 * web app only hides what would be refused). The local role admin may do everything.
 */
export function can(profile: MeDto | null, resource: string, mode: PermissionMode): boolean {
  if (!profile) return false;
  return profile.localRole === LOCAL_ADMIN_ROLE || grants(profile.permissions, resource, mode);
}

export function useCan(resource: string, mode: PermissionMode): boolean {
  return can(useProfile().profile, resource, mode);
}
