import { accountKinds, permissionModes } from '@rtb/shared';
import { boolean, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { id, ref, timestamps } from './columns';

export const roles = pgTable(
  'roles',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category', { enum: accountKinds }).notNull(),
    editable: boolean('editable').notNull().default(true),
    ...timestamps(),
  },
  (t) => [unique().on(t.category, t.slug)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: id(),
    category: text('category', { enum: accountKinds }).notNull(),
    group: text('group').notNull(),
    resource: text('resource').notNull(),
  },
  (t) => [unique().on(t.category, t.resource)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    id: id(),
    roleId: ref('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: ref('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: permissionModes }).notNull(),
  },
  (t) => [unique().on(t.roleId, t.permissionId)],
);
