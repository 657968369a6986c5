import {
  type CreateAdminUserBody,
  createAdminUserBody,
  type InviteTeamUserBody,
  inviteTeamUserBody,
  type UpdateAdminUserBody,
  type UpdateOrganisationUserBody,
  type UserType,
  updateAdminUserBody,
  updateOrganisationUserBody,
  userTypes,
} from '@rtb/shared';
import { contract } from '@rtb/shared/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProfile } from '../../auth/profile-context';
import { type ApiError, api } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { Button } from '../../shell/button/button';
import { formFailureText } from '../../shell/form/failure-text';
import type { FieldProps } from '../../shell/form/field-props';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import { defaultUserLocale, useLocaleOptions } from './locale-options';
import styles from './users.module.css';
import {
  kindOf,
  listRoutesOf,
  picksOrganisation,
  routesOf,
  type UserEntry,
  type UsersPlace,
  useRoles,
  userAt,
  userOf,
  userPath,
  usersKeys,
} from './users-api';

/**
 * What the fields hold: no role yet is `''`; the e-mail is only entered for a new user, and only
 * agency and advertiser users have a type. The kind's schema keeps what it sends.
 */
interface UserFormValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  roleId: number | '';
  type: UserType;
  locale: string;
}

/** What the forms send: an invitation (without the organisation), or an existing user's changes. */
type NewUserBody = CreateAdminUserBody | InviteTeamUserBody;
type UserChanges = UpdateAdminUserBody | UpdateOrganisationUserBody;

/** The bodies of each kind (the invitation without the organisation, which the page gives). */
const schemasOf = {
  admin: { create: createAdminUserBody, update: updateAdminUserBody },
  agency: { create: inviteTeamUserBody, update: updateOrganisationUserBody },
  advertiser: { create: inviteTeamUserBody, update: updateOrganisationUserBody },
};

/**
 * Names, phone, role, type (agency and advertiser users) and language: the fields both forms
 * have. `self` locks the role and type: nobody changes their own.
 */
function ProfileFields({
  place,
  field,
  locked,
  self = false,
}: {
  place: UsersPlace;
  field: (name: keyof UserFormValues) => FieldProps;
  locked: boolean;
  self?: boolean;
}) {
  const { t } = useTranslation('users');
  const roles = useRoles(place);
  const localeOptions = useLocaleOptions();
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  const typeOptions = userTypes.map((type) => ({ value: type, label: t(`types.${type}`) }));
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
        <SelectField
          label={t('form.roleLabel')}
          placeholder={t('form.rolePlaceholder')}
          options={roleOptions}
          required
          disabled={locked || self}
          {...field('roleId')}
        />
        {kindOf[place.kind].typed && (
          <SelectField
            label={t('form.typeLabel')}
            hint={t('form.typeHint')}
            options={typeOptions}
            disabled={locked || self}
            {...field('type')}
          />
        )}
      </div>
      {self && !locked && <p className={styles.note}>{t('form.selfNote', { context: place.kind })}</p>}
      <SelectField
        label={t('form.localeLabel')}
        hint={t('form.localeHint')}
        options={localeOptions}
        disabled={locked}
        {...field('locale')}
      />
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
  const { t } = useTranslation('users');
  return (
    <section className={styles.card} aria-labelledby="user-form-heading">
      <h2 id="user-form-heading" className={styles.cardHeading}>
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

/** A failed save: the organisation is not a field of the form, so its error is the form's. */
function describeSaveFailure(t: TFunction, place: UsersPlace, error: ApiError): string | null {
  const { organisationField } = kindOf[place.kind];
  const organisationIssues = organisationField ? error.issues?.[organisationField] : undefined;
  if (organisationIssues)
    return organisationIssues.map((issue) => errorText(t, issue.code, issue.params) ?? issue.code).join(', ');
  return formFailureText(t, error);
}

/**
 * A new user: of the organisation the panel picked, else one of the panel's own users
 * (`organisationId` null). They are invited by e-mail to activate the account and choose a password.
 */
export function CreateUserForm({
  place,
  organisationId,
}: {
  place: UsersPlace;
  organisationId: number | null;
}) {
  const { t, i18n } = useTranslation('users');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useApiForm<NewUserBody, UserFormValues>(schemasOf[place.kind].create, {
    email: '',
    firstName: '',
    lastName: '',
    phone: '',
    roleId: '',
    type: 'default',
    locale: defaultUserLocale(i18n.language),
  });
  const { field } = form;
  const { organisationField } = kindOf[place.kind];

  const onSubmit = form.submit(
    async (values) => {
      const created = await userOf(
        place.kind,
        api.call(listRoutesOf(place).invite, {
          path: { panel: place.panel },
          body: {
            ...values,
            ...(organisationField && picksOrganisation(place) ? { [organisationField]: organisationId } : {}),
          },
        }),
      );
      queryClient.setQueryData(usersKeys.detail(place, created.id), created);
      await queryClient.invalidateQueries({ queryKey: [...usersKeys.all(place), 'list'] });
      notify.success(t('form.created'));
      return () => navigate(userPath(place, { id: created.id }), { replace: true });
    },
    (error) => describeSaveFailure(t, place, error),
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
        hint={t('form.emailHint', { context: place.kind })}
        type="email"
        autoComplete="off"
        {...field('email')}
      />
      <ProfileFields place={place} field={field} locked={false} />
    </FormShell>
  );
}

const valuesOf = (user: UserEntry): UserFormValues => ({
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone ?? '',
  roleId: user.role.id,
  type: 'type' in user ? user.type : 'default',
  locale: user.locale,
});

/**
 * An existing user's details; read-only without the write permission; `self` keeps role and type,
 * and a saved change of one's own names reaches the shell.
 */
export function EditUserForm({
  place,
  user,
  canWrite,
  self,
}: {
  place: UsersPlace;
  user: UserEntry;
  canWrite: boolean;
  self: boolean;
}) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const { setProfile } = useProfile();
  const form = useApiForm<UserChanges, UserFormValues>(schemasOf[place.kind].update, valuesOf(user));
  const { field } = form;

  const onSubmit = form.submit(
    async (values) => {
      const saved = await userOf(
        place.kind,
        api.call(routesOf[place.kind].update, { path: userAt(place, user.id), body: values }),
      );
      queryClient.setQueryData(usersKeys.detail(place, saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: [...usersKeys.all(place), 'list'] });
      form.reset(valuesOf(saved));
      notify.success(t('form.saved'));
      if (self) {
        const me = await api.call(contract.me.profile, { path: { panel: place.panel } }).catch(() => null);
        if (me) setProfile(me.data.me);
      }
    },
    (error) => describeSaveFailure(t, place, error),
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
      <ProfileFields place={place} field={field} locked={!canWrite} self={self} />
    </FormShell>
  );
}
