import type { AudienceDto } from '@rtb/shared';
import type { TFunction } from 'i18next';

/** The audience's rule in words with its lookback: 'Cart abandoners, last 30 days'. */
export const ruleText = (
  t: TFunction,
  audience: Pick<AudienceDto, 'rule' | 'productType' | 'lookbackDays'>,
) =>
  t('audiences:lookback', {
    rule:
      audience.rule === 'product_type_viewers'
        ? t('audiences:typeViewers', { type: audience.productType })
        : t(`audiences:rules.${audience.rule}`),
    count: audience.lookbackDays,
  });
