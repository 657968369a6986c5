import { accountKinds, createRoleBody, type RoleDto } from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import listStyles from '../../shell/list/list.module.css';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import { PermissionMatrix } from './permission-matrix';
import styles from './roles.module.css';
import { grantsOf, usePermissionCatalogue, useRefreshRoles } from './roles-api';

/**
 * A role in a side panel: its name and the matrix of its category's resources. A new role
 * (`role` null) also picks its category. Readers, and roles that are not editable, see it all
 * read-only.
 */
export function RoleEditor({
  role,
  canWrite,
  onClose,
}: {
  role: RoleDto | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('roles');
  const catalogue = usePermissionCatalogue();
  const refresh = useRefreshRoles();
  const [closeTimestamp, setCloseTimestamp] = useState<number | null>(null);
  const readOnly = !canWrite || (role !== null && !role.editable);
  const form = useApiForm(createRoleBody, {
    name: role?.name ?? '',
    category: role?.category ?? 'admin',
    permissions: role ? grantsOf(role) : [],
  });
  const category = form.watch('category');
  const permissions = form.watch('permissions');
  const categoryCatalogue = catalogue.data?.find((entry) => entry.category === category);
  const nameField = form.field('name');
  const categoryField = form.field('category');
  const permissionsError = form.formState.errors.permissions?.message;

  const onSubmit = form.submit(
    async (values) => {
      const saved = role
        ? await api.call(contract.roles.update, {
            path: { id: role.id },
            body: { name: values.name, permissions: values.permissions },
          })
        : await api.call(contract.roles.create, { body: values });
      notify.success(t(role ? 'editor.saved' : 'editor.created', { name: saved.data.role.name }));
      refresh();
      setCloseTimestamp(Date.now());
    },
    (error) => (Object.keys(error.validationErrors).length ? null : failureListText(t, error)),
  );

  const title = role
    ? t(readOnly ? 'editor.viewTitle' : 'editor.editTitle', { name: role.name })
    : t('editor.newTitle');

  return (
    <SidePanel
      onClose={onClose}
      size="large"
      title={title}
      subtitle={
        role
          ? t('editor.subtitle', { category: t(`categories.${role.category}`), slug: role.slug })
          : undefined
      }
      closeTimestamp={closeTimestamp}
    >
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <FormError message={form.formError} />
        {role && !role.editable && <p className={styles.note}>{t('editor.lockedNote')}</p>}
        {role?.editable && !canWrite && <p className={styles.note}>{t('editor.readOnlyNote')}</p>}
        <TextField
          label={t('editor.nameLabel')}
          autoComplete="off"
          maxLength={100}
          disabled={readOnly}
          {...nameField}
          error={nameField.error}
        />
        {!role && (
          <SelectField
            label={t('editor.categoryLabel')}
            hint={t('editor.categoryHint')}
            options={accountKinds.map((kind) => ({ value: kind, label: t(`categories.${kind}`) }))}
            {...categoryField}
            onChange={(event) => {
              // Another category has other resources: its grants start empty.
              form.setValue('permissions', []);
              return categoryField.onChange(event);
            }}
          />
        )}
        <h3 className={styles.matrixHeading}>{t('editor.permissionsHeading')}</h3>
        <p className={styles.hint}>{t('editor.permissionsHint')}</p>
        {permissionsError && (
          <p className={styles.error} role="alert">
            {permissionsError}
          </p>
        )}
        {categoryCatalogue ? (
          <PermissionMatrix
            catalogue={categoryCatalogue}
            value={permissions}
            disabled={readOnly}
            onChange={(grants) => {
              form.clearErrors('permissions');
              form.setValue('permissions', grants, { shouldDirty: true });
            }}
          />
        ) : catalogue.isError ? (
          <div className={listStyles.state} role="alert">
            <p className={listStyles.stateTitle}>
              {isApiError(catalogue.error) ? failureListText(t, catalogue.error) : t('editor.catalogueError')}
            </p>
            <Button variant="outline" onClick={() => catalogue.refetch()}>
              {t('common:retry')}
            </Button>
          </div>
        ) : (
          <p className={listStyles.stateBody} aria-busy="true">
            {t('common:loading')}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="outline" color="white" onClick={() => setCloseTimestamp(Date.now())}>
            {readOnly ? t('common:close') : t('common:cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={form.saving}>
              {role ? t('common:save') : t('editor.create')}
            </Button>
          )}
        </div>
      </form>
    </SidePanel>
  );
}
