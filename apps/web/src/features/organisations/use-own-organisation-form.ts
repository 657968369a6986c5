import type { OrganisationKind } from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocalisedField } from '../../account/form-messages';
import { useProfile } from '../../auth/profile-context';
import { api } from '../../lib/api-client';
import { useApiForm } from '../../shell/form/use-api-form';
import { useLeaveWhileSaving } from '../../shell/form/use-leave-while-saving';
import { notify } from '../../shell/toast/notify';
import { describeSaveFailure, localiseOrganisationMessage } from './organisation-messages';
import {
  type OwnOrganisations,
  ownOrganisationKeys,
  ownOrganisationPath,
  withOrganisationName,
} from './own-organisation-api';
import './texts';

/**
 * The form of the organisation's own details (`PUT agencies/me` or `advertisers/me`): it sends
 * only the form's fields, refreshes the page's data and the billing state, and gives the bottom
 * bar the new name.
 */
export function useOwnOrganisationForm<K extends OrganisationKind, T extends FieldValues>(
  kind: K,
  schema: z.ZodType<T>,
  valuesOf: (organisation: OwnOrganisations[K]) => DefaultValues<T>,
  organisation: OwnOrganisations[K],
) {
  const { t } = useTranslation('organisations');
  const client = useQueryClient();
  const { profile, setProfile } = useProfile();
  const form = useApiForm(schema, valuesOf(organisation));
  useLeaveWhileSaving(form.saving);

  const field = useLocalisedField(form, localiseOrganisationMessage);

  const onSubmit = form.submit(async (values) => {
    const res = await api.put<{ data: Record<K, OwnOrganisations[K]> }>(ownOrganisationPath(kind), values);
    const saved = res.data[kind];
    client.setQueryData(ownOrganisationKeys.organisation(kind), saved);
    // An advertiser's website counts for its billing state.
    await client.invalidateQueries({ queryKey: ownOrganisationKeys.billing(kind) });
    if (profile) setProfile(withOrganisationName(profile, kind, saved.name));
    form.reset(valuesOf(saved));
    notify.success(t('own.saved'));
  }, describeSaveFailure(t));

  return { form, field, onSubmit };
}
