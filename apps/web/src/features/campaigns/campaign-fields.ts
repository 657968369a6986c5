import type { CampaignBody } from '@rtb/shared';
import type { ApiForm } from '../../shell/form/use-api-form';
import type { CampaignFormValues } from './campaign-form-schema';

/** The campaign form: fields holding `CampaignFormValues`, submitting the API's body. */
export type CampaignApiForm = ApiForm<CampaignFormValues, CampaignBody>;

/**
 * What the steps build their fields from: the form, its values as they stand, the registered
 * fields (`field`), and the fields the form sets itself (`controlled`: lists, grids; `dateField`).
 */
export function campaignFields(form: CampaignApiForm, values: CampaignFormValues) {
  const errors = form.formState.errors;
  /** A field the form sets itself: its value, setter and error. */
  const controlled = <K extends keyof CampaignFormValues>(name: K) => ({
    value: values[name],
    onChange: (value: CampaignFormValues[K]) => {
      form.clearErrors(name);
      form.setValue(name, value as never, { shouldDirty: true });
    },
    error: errors[name]?.message as string | undefined,
  });
  const dateField = (name: 'startDate' | 'endDate') => {
    const { onChange, ...rest } = controlled(name);
    return {
      ...rest,
      name,
      onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    };
  };
  return { form, values, field: form.field, controlled, dateField };
}

export type CampaignFields = ReturnType<typeof campaignFields>;
