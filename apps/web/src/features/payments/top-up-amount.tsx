import type { PaymentsOverviewDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '../../shell/form/text-field';
import { typedMinorUnits } from './top-up-form-schema';
import { TopUpPreview } from './top-up-preview';

/** The net amount of a top-up, and what it costs with VAT as it is typed. */
export function TopUpAmount({
  overview,
  field,
  typed,
}: {
  overview: PaymentsOverviewDto;
  field: Omit<TextFieldProps, 'label'>;
  /** The amount as typed so far. */
  typed: unknown;
}) {
  const { t } = useTranslation('payments');
  return (
    <>
      <TextField
        label={t('topUp.amount')}
        hint={t('topUp.amountHint')}
        inputMode="decimal"
        autoComplete="off"
        {...field}
      />
      <TopUpPreview
        net={typedMinorUnits(typed)}
        taxPercent={overview.taxPercent}
        taxNote={overview.taxNote}
        currency={overview.currency}
      />
    </>
  );
}
