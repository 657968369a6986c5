import { statusBody } from '../schemas/common';
import {
  createRoleBody,
  permissionsQuery,
  permissionsResponse,
  roleResponse,
  rolesQuery,
  rolesResponse,
  updateRoleBody,
} from '../schemas/roles';
import { route } from './route';

/** Roles and the permission catalogue (`apps/api/src/contexts/identity/roles`). */
export const roles = {
  list: route('GET', '/admin/roles', { query: rolesQuery, response: rolesResponse }),
  create: route('POST', '/admin/roles', { body: createRoleBody, response: roleResponse }),
  update: route('PUT', '/admin/roles/:id', { body: updateRoleBody, response: roleResponse }),
  remove: route('DELETE', '/admin/roles/:id', { response: statusBody }),
  permissions: route('GET', '/admin/permissions', { query: permissionsQuery, response: permissionsResponse }),
};
