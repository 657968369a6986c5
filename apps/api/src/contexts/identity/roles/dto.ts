import type { RoleRow } from './repository';

/**
 * What an activity-log row keeps of a role: its names and its permission set as
 * `resource:mode`, sorted, so an update logs the whole set before and after.
 */
export function auditedFields(role: RoleRow) {
  return {
    name: role.name,
    slug: role.slug,
    category: role.category,
    editable: role.editable,
    permissions: role.permissions.map((p) => `${p.resource}:${p.mode}`).sort(),
  };
}
