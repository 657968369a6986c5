import {
  type AdminUserEntry,
  type CreateAdminUserBody,
  createAdminUserBody,
  type MeDto,
  type UpdateAdminUserBody,
  updateAdminUserBody,
} from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocales } from '../../account/reference-data';
import { useProfile } from '../../auth/profile-context';
import { api } from '../../lib/api-client';
import { supportedLocales } from '../../lib/i18n';
import { Button } from '../../shell/button/button';
import { formFailureText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import styles from './admin-users.module.css';
import { adminUserPath, adminUsersKeys, useAdminRoles } from './admin-users-api';

type ApiFormOf<T extends FieldValues> = ReturnType<typeof useApiForm<T>>;

type SharedField = 'firstName' | 'lastName' | 'phone' | 'roleId' | 'locale';
type FieldOf = (name: SharedField) => ReturnType<ApiFormOf<UpdateAdminUserBody>['field']>;

/** Names, phone, role and language: the fields both forms have. */
function ProfileFields({
  field,
  locked,
  ownRoleId,
}: {
  field: FieldOf;
  locked: boolean;
  /** Set when the user edits themself: their role is shown but cannot change. */
  ownRoleId?: number;
}) {
  const { t } = useTranslation('admin-users');
  const roles = useAdminRoles();
  const locales = useLocales();
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  const localeOptions = locales.data?.length
    ? locales.data.map((l) => ({ value: l.code, label: l.name }))
    : supportedLocales.map((code) => ({ value: code, label: t(`common:locale.${code}`) }));
  return (
    <>
      <div className={styles.row}>
        <TextField
          label={t('form.firstNameLabel')}
          placeholder={t('form.firstNamePlaceholder')}
          autoComplete="off"
          disabled={locked}
          {...field('firstName')}
        />
        <TextField
          label={t('form.lastNameLabel')}
          placeholder={t('form.lastNamePlaceholder')}
          autoComplete="off"
          disabled={locked}
          {...field('lastName')}
        />
      </div>
      <TextField
        label={t('form.phoneLabel')}
        placeholder={t('form.phonePlaceholder')}
        type="tel"
        autoComplete="off"
        disabled={locked}
        {...field('phone')}
      />
      <div className={styles.row}>
        {ownRoleId === undefined ? (
          <SelectField
            label={t('form.roleLabel')}
            placeholder={t('form.rolePlaceholder')}
            options={roleOptions}
            required
            disabled={locked}
            {...field('roleId')}
          />
        ) : (
          <SelectField
            label={t('form.roleLabel')}
            options={roleOptions}
            value={ownRoleId}
            onChange={() => {}}
            disabled
            hint={t('actions.ownAccount')}
          />
        )}
        <SelectField
          label={t('form.localeLabel')}
          hint={t('form.localeHint')}
          options={localeOptions}
          disabled={locked}
          {...field('locale')}
        />
      </div>
    </>
  );
}

function FormShell({
  onSubmit,
  formError,
  children,
  footer,
}: {
  onSubmit?: () => void;
  formError: string | null;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('admin-users');
  return (
    <section className={styles.card} aria-labelledby="admin-user-form-heading">
      <h2 id="admin-user-form-heading" className={styles.cardHeading}>
        {t('form.heading')}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        {children}
        {footer && <div className={styles.formActions}>{footer}</div>}
      </form>
    </section>
  );
}

/** A new admin user: they are invited by e-mail to activate the account and choose a password. */
export function CreateAdminUserForm() {
  const { t, i18n } = useTranslation('admin-users');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useApiForm(createAdminUserBody, {
    email: '',
    firstName: '',
    lastName: '',
    phone: '',
    roleId: '' as unknown as number,
    locale: (supportedLocales as readonly string[]).includes(i18n.language) ? i18n.language : 'en',
  });
  const { field } = form;

  const onSubmit = form.submit(
    async (values: CreateAdminUserBody) => {
      const res = await api.post<{ data: { adminUser: AdminUserEntry } }>('/admin/admin-users', values);
      const created = res.data.adminUser;
      queryClient.setQueryData(adminUsersKeys.detail(created.id), created);
      await queryClient.invalidateQueries({ queryKey: [...adminUsersKeys.all, 'list'] });
      notify.success(t('form.created'));
      return () => navigate(adminUserPath(created.id), { replace: true });
    },
    (error) => formFailureText(t, error),
  );

  return (
    <FormShell
      onSubmit={onSubmit}
      formError={form.formError}
      footer={
        <Button type="submit" layout="wide" loading={form.saving}>
          {t('form.create')}
        </Button>
      }
    >
      <TextField
        label={t('form.emailLabel')}
        placeholder={t('form.emailPlaceholder')}
        hint={t('form.emailHint')}
        type="email"
        autoComplete="off"
        {...field('email')}
      />
      <ProfileFields field={field as unknown as FieldOf} locked={false} />
    </FormShell>
  );
}

const valuesOf = (user: AdminUserEntry): UpdateAdminUserBody => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone ?? '',
  roleId: user.role.id,
  locale: user.locale,
});

/** An existing admin user's details; read-only without the write permission. */
export function EditAdminUserForm({ user, canWrite }: { user: AdminUserEntry; canWrite: boolean }) {
  const { t } = useTranslation('admin-users');
  const queryClient = useQueryClient();
  const { profile, setProfile } = useProfile();
  const own = profile?.id === user.user.id;
  const form = useApiForm(updateAdminUserBody, valuesOf(user));
  const { field } = form;

  const onSubmit = form.submit(
    async (values: UpdateAdminUserBody) => {
      const res = await api.put<{ data: { adminUser: AdminUserEntry } }>(
        `/admin/admin-users/${user.id}`,
        values,
      );
      const saved = res.data.adminUser;
      queryClient.setQueryData(adminUsersKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: [...adminUsersKeys.all, 'list'] });
      form.reset(valuesOf(saved));
      notify.success(t('form.saved'));
      // Editing oneself here changes the names the shell shows too.
      if (own) {
        const me = await api.get<{ data: { me: MeDto } }>('/admin/me').catch(() => null);
        if (me) setProfile(me.data.me);
      }
    },
    (error) => formFailureText(t, error),
  );

  return (
    <FormShell
      onSubmit={canWrite ? onSubmit : undefined}
      formError={form.formError}
      footer={
        canWrite ? (
          <Button type="submit" layout="wide" loading={form.saving}>
            {t('form.save')}
          </Button>
        ) : undefined
      }
    >
      <TextField label={t('form.emailLabel')} value={user.email} readOnly disabled />
      <ProfileFields
        field={field as unknown as FieldOf}
        locked={!canWrite}
        ownRoleId={own ? user.role.id : undefined}
      />
    </FormShell>
  );
}
