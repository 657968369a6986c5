import {
  inviteTeamUserBody,
  type OrganisationUserEntry,
  type UpdateOrganisationUserBody,
  updateOrganisationUserBody,
  userTypes,
} from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { type ApiError, api } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { Button } from '../../shell/button/button';
import { formFailureText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import { defaultUserLocale, useLocaleOptions } from './locale-options';
import styles from './users.module.css';
import {
  itemOf,
  kindOf,
  organisationUsersKeys,
  picksOrganisation,
  type UsersPlace,
  useOrganisationRoles,
  userPath,
  usersApi,
} from './users-api';

/** The invitation without the organisation, which the page takes from its address or the session. */
const invitationBody = inviteTeamUserBody;
type InvitationValues = z.infer<typeof invitationBody>;

type ApiFormOf<T extends FieldValues> = ReturnType<typeof useApiForm<T>>;

type SharedField = 'firstName' | 'lastName' | 'phone' | 'roleId' | 'type' | 'locale';
type FieldOf = (name: SharedField) => ReturnType<ApiFormOf<UpdateOrganisationUserBody>['field']>;

/**
 * Names, phone, role, type and language: the fields both forms have. `self` locks the role and
 * type: nobody changes their own.
 */
function ProfileFields({
  place,
  field,
  locked,
  self = false,
}: {
  place: UsersPlace;
  field: FieldOf;
  locked: boolean;
  self?: boolean;
}) {
  const { t } = useTranslation('users');
  const roles = useOrganisationRoles(place);
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
        <SelectField
          label={t('form.typeLabel')}
          hint={t('form.typeHint')}
          options={typeOptions}
          disabled={locked || self}
          {...field('type')}
        />
      </div>
      {self && !locked && <p className={styles.note}>{t('form.selfNote')}</p>}
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
    <section className={styles.card} aria-labelledby="organisation-user-form-heading">
      <h2 id="organisation-user-form-heading" className={styles.cardHeading}>
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
  const organisationIssues = error.issues?.[kindOf[place.kind].organisationField];
  if (organisationIssues)
    return organisationIssues.map((issue) => errorText(t, issue.code, issue.params) ?? issue.code).join(', ');
  return formFailureText(t, error);
}

/**
 * A new user of the organisation (the panel's pick, or the signed-in user's own when
 * `organisationId` is null): they are invited by e-mail to activate the account.
 */
export function CreateOrganisationUserForm({
  place,
  organisationId,
}: {
  place: UsersPlace;
  organisationId: number | null;
}) {
  const { t, i18n } = useTranslation('users');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useApiForm(invitationBody, {
    email: '',
    firstName: '',
    lastName: '',
    phone: '',
    roleId: '' as unknown as number,
    type: 'default',
    locale: defaultUserLocale(i18n.language),
  });
  const { field } = form;

  const onSubmit = form.submit(
    async (values: InvitationValues) => {
      const res = await api.post(usersApi(place), {
        ...values,
        ...(picksOrganisation(place) ? { [kindOf[place.kind].organisationField]: organisationId } : {}),
      });
      const created = itemOf(place.kind, res);
      queryClient.setQueryData(organisationUsersKeys.detail(place, created.id), created);
      await queryClient.invalidateQueries({ queryKey: organisationUsersKeys.all(place) });
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
        hint={t('form.emailHint')}
        type="email"
        autoComplete="off"
        {...field('email')}
      />
      <ProfileFields place={place} field={field as unknown as FieldOf} locked={false} />
    </FormShell>
  );
}

const valuesOf = (user: OrganisationUserEntry): UpdateOrganisationUserBody => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone ?? '',
  roleId: user.role.id,
  type: user.type,
  locale: user.locale,
});

/** An existing user's details; read-only without the write permission; `self` keeps role and type. */
export function EditOrganisationUserForm({
  place,
  user,
  canWrite,
  self,
}: {
  place: UsersPlace;
  user: OrganisationUserEntry;
  canWrite: boolean;
  self: boolean;
}) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const form = useApiForm(updateOrganisationUserBody, valuesOf(user));
  const { field } = form;

  const onSubmit = form.submit(
    async (values: UpdateOrganisationUserBody) => {
      const saved = itemOf(place.kind, await api.put(`${usersApi(place)}/${user.id}`, values));
      queryClient.setQueryData(organisationUsersKeys.detail(place, saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: [...organisationUsersKeys.all(place), 'list'] });
      form.reset(valuesOf(saved));
      notify.success(t('form.saved'));
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
      <ProfileFields place={place} field={field as unknown as FieldOf} locked={!canWrite} self={self} />
    </FormShell>
  );
}
