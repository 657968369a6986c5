import type { OrganisationKind } from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useProfile } from '../../auth/profile-context';
import type { FieldProps } from '../../shell/form/field-props';
import { TextField } from '../../shell/form/text-field';
import type { ApiForm } from '../../shell/form/use-api-form';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import { FormCard } from './form-card';
import { describeSaveFailure } from './organisation-messages';
import { type OwnOrganisations, ownOrganisationKeys, withOrganisationName } from './own-organisation-api';
import { PhoneField } from './phone-field';

/** The fields every organisation's details form has. */
interface NamedValues {
  name: string;
  phone?: string | null;
}

/**
 * The organisation's own details (`save`: `PUT agencies/me` or `advertisers/me`): its name, phone
 * and the kind's own fields (`children`). It sends only the form's fields, refreshes the page's
 * data and the billing state, and gives the bottom bar the new name.
 */
export function OwnDetailsCard<
  K extends OrganisationKind,
  TInput extends NamedValues,
  TOutput extends FieldValues,
>({
  kind,
  schema,
  valuesOf,
  save,
  organisation,
  canWrite,
  children,
}: {
  kind: K;
  schema: z.ZodType<TOutput, TInput>;
  valuesOf: (organisation: OwnOrganisations[K]) => DefaultValues<TInput>;
  save: (values: TOutput) => Promise<OwnOrganisations[K]>;
  organisation: OwnOrganisations[K];
  canWrite: boolean;
  children?: (form: ApiForm<TInput, TOutput>, field: (name: Path<TInput>) => FieldProps) => ReactNode;
}) {
  const { t } = useTranslation('organisations');
  const client = useQueryClient();
  const { profile, setProfile } = useProfile();
  const form = useApiForm(schema, valuesOf(organisation));
  const field = form.field;

  const onSubmit = form.submit(async (values) => {
    const saved = await save(values);
    client.setQueryData(ownOrganisationKeys.organisation(kind), saved);
    // An advertiser's website counts for its billing state.
    await client.invalidateQueries({ queryKey: ownOrganisationKeys.billing(kind) });
    if (profile) setProfile(withOrganisationName(profile, kind, saved.name));
    form.reset(valuesOf(saved));
    notify.success(t('own.saved'));
  }, describeSaveFailure(t));

  return (
    <FormCard
      id={`own-${kind}-details`}
      heading={t('own.detailsHeading')}
      formError={form.formError}
      canWrite={canWrite}
      saving={form.saving}
      submitLabel={t('own.save')}
      onSubmit={onSubmit}
    >
      <TextField
        label={t('own.name')}
        autoComplete="organization"
        maxLength={200}
        {...field('name' as Path<TInput>)}
      />
      <PhoneField field={field('phone' as Path<TInput>)} />
      {children?.(form, field)}
    </FormCard>
  );
}
