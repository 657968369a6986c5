import { type DynamicTemplate, dynamicLayouts } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../shell/form/field-props';
import formStyles from '../../shell/form/form.module.css';
import { TextField } from '../../shell/form/text-field';
import styles from './banners.module.css';
import { ColourField } from './colour-field';

type TemplateField = keyof DynamicTemplate;
const colours = ['backgroundColour', 'textColour', 'accentColour'] as const;

/**
 * A dynamic banner's look, in the create form and the side panel's: the layout, three colours
 * (typed or picked) and the call to action. The form is the caller's: its `field`, its current
 * `values`, and `setValue` for the pickers.
 */
export function DynamicTemplateFields({
  field,
  values,
  setValue,
}: {
  field: (name: TemplateField) => FieldProps;
  values: Partial<Record<TemplateField, string>>;
  setValue: (name: TemplateField, value: string) => void;
}) {
  const { t } = useTranslation('banners');
  const { error: layoutError, ...layout } = field('layout');
  return (
    <>
      <fieldset className={formStyles.choiceGroup}>
        <legend className={formStyles.choiceLegend}>{t('dynamic.layout.legend')}</legend>
        <div className={formStyles.choices}>
          {dynamicLayouts.map((option) => (
            <label key={option} className={formStyles.choice}>
              <input type="radio" value={option} {...layout} />
              <span>
                {t(`dynamic.layout.${option}`)}
                <small>{t(`dynamic.layout.${option}Hint`)}</small>
              </span>
            </label>
          ))}
        </div>
        {layoutError && (
          <p className={styles.uploadError} role="alert">
            {layoutError}
          </p>
        )}
      </fieldset>
      <div className={styles.colours}>
        {colours.map((name) => (
          <ColourField
            key={name}
            label={t(`dynamic.${name}`)}
            field={field(name)}
            value={values[name] ?? ''}
            onPick={(colour) => setValue(name, colour)}
          />
        ))}
      </div>
      <TextField
        label={t('dynamic.callToAction')}
        hint={t('dynamic.callToActionHint')}
        autoComplete="off"
        maxLength={20}
        {...field('callToAction')}
      />
    </>
  );
}
