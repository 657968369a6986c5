import {
  type AudienceBodyInput,
  type AudienceDto,
  type AudienceRule,
  audienceBody,
  audienceLookbackLimits,
  audienceRules,
} from '@rtb/shared';
import { z } from 'zod';

/** What the form holds: the lookback as typed, the product type '' when none. */
export interface AudienceFormValues {
  name: string;
  rule: AudienceRule;
  productType: string;
  lookbackDays: string;
}

/**
 * The form's values as the API's body, checked by the shared `audienceBody` (its texts, on the
 * same fields). A product type typed and then left by picking another rule is not sent.
 */
export const audienceFormSchema = z
  .object({
    name: z.string(),
    rule: z.enum(audienceRules),
    productType: z.string(),
    lookbackDays: z.string(),
  })
  .transform(
    (values): AudienceBodyInput => ({
      name: values.name,
      rule: values.rule,
      productType: values.rule === 'product_type_viewers' ? values.productType.trim() || null : null,
      lookbackDays: Number(values.lookbackDays.trim() || Number.NaN),
    }),
  )
  .pipe(audienceBody);

export const formValuesOf = (audience: AudienceDto | null): AudienceFormValues => ({
  name: audience?.name ?? '',
  rule: audience?.rule ?? 'cart_abandoners',
  productType: audience?.productType ?? '',
  lookbackDays: String(audience?.lookbackDays ?? audienceLookbackLimits.default),
});
