import { accountKinds, type RoleDto } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { Badge } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useTabListParams } from '../../shell/list/use-tab-list-params';
import { notify } from '../../shell/toast/notify';
import { RoleEditor } from './role-editor';
import styles from './roles.module.css';
import { useDeleteRole, useRoles } from './roles-api';

const PAGE_SIZE = 25;

/**
 * Roles (a tab of Configuration): the roles of every category with what they grant, editable
 * or locked. Writers add, change and delete editable roles in a side panel; readers open them
 * read-only.
 */
export function RolesTab() {
  const { t } = useTranslation('roles');
  const canWrite = useCan('roles', 'write');
  const { params, apiParams, update } = useTabListParams();
  const roles = useRoles({ perPage: PAGE_SIZE, ...apiParams });
  const remove = useDeleteRole();
  // undefined: no panel; null: a new role.
  const [editing, setEditing] = useState<RoleDto | null | undefined>(undefined);
  const sort = params.sort ?? 'category';
  const onSort = (field: string) =>
    update({ sort: field, order: sort === field && params.order === 'asc' ? 'desc' : 'asc' });
  const filtered = Boolean(params.search || params.filters.category);

  const deleteRole = (role: RoleDto) =>
    remove.mutate(role, {
      onSuccess: () => notify.success(t('deleted', { name: role.name })),
      onError: (error) =>
        notify.error(isApiError(error) ? failureListText(t, error) : t('common:errors.communication')),
    });

  const columns: Column<RoleDto>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'name',
      cell: (role) => (
        <button
          type="button"
          className={styles.open}
          onClick={() => setEditing(role)}
          aria-label={t(canWrite && role.editable ? 'editLabel' : 'viewLabel', { name: role.name })}
        >
          {role.name}
        </button>
      ),
    },
    {
      key: 'category',
      header: t('columns.category'),
      sortField: 'category',
      cell: (role) => t(`categories.${role.category}`),
    },
    {
      key: 'permissions',
      header: t('columns.permissions'),
      cell: (role) => {
        const write = role.permissions.filter((p) => p.mode === 'write').length;
        return (
          <>
            {t('permissionCount', { count: role.permissions.length })}
            {write > 0 && <p className={styles.muted}>{t('writeCount', { count: write })}</p>}
          </>
        );
      },
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (role) =>
        role.editable ? (
          <Badge tone="success">{t('editable')}</Badge>
        ) : (
          <Badge tone="muted">{t('locked')}</Badge>
        ),
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      align: 'end',
      cell: (role) =>
        role.editable ? (
          <Button
            size="small"
            variant="outline"
            color="danger"
            confirm="choice"
            loading={remove.isPending && remove.variables?.id === role.id}
            onClick={() => deleteRole(role)}
            aria-label={t('deleteLabel', { name: role.name })}
          >
            {t('delete')}
          </Button>
        ) : null,
    });
  }
  const addButton = canWrite ? <Button onClick={() => setEditing(null)}>{t('add')}</Button> : undefined;

  return (
    <>
      <div className={listStyles.toolbar}>
        <SearchBox value={params.search} label={t('searchLabel')} onSearch={(search) => update({ search })} />
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('filters.categoryLabel')}
            value={params.filters.category ?? ''}
            onChange={(event) => update({ category: event.target.value })}
            options={[
              { value: '', label: t('filters.allCategories') },
              ...accountKinds.map((kind) => ({ value: kind, label: t(`categories.${kind}`) })),
            ]}
          />
          {addButton}
        </div>
      </div>
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={roles.data?.elements}
        rowKey={(role) => role.id}
        loading={roles.isFetching}
        error={
          roles.error ? (isApiError(roles.error) ? failureListText(t, roles.error) : t('loadError')) : null
        }
        onRetry={() => roles.refetch()}
        sort={sort}
        order={params.order}
        onSort={onSort}
        empty={
          filtered
            ? { title: t('empty.filteredTitle'), body: t('empty.filteredBody') }
            : { title: t('empty.title'), action: addButton }
        }
      />
      <Pagination meta={roles.data?.meta} onPage={(page) => update({ page })} />
      {editing !== undefined && (
        <RoleEditor role={editing} canWrite={canWrite} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}
