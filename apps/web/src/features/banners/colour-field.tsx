import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../shell/form/field-props';
import { TextField } from '../../shell/form/text-field';
import styles from './banners.module.css';

const hexColour = /^#[0-9a-f]{6}$/i;

/**
 * A colour as `#rrggbb`, typed or picked: the text is the form's field (its error and the
 * server's land there), the browser's colour picker beside it sets the same value.
 */
export function ColourField({
  label,
  field,
  value,
  onPick,
}: {
  label: string;
  field: FieldProps;
  value: string;
  onPick: (colour: string) => void;
}) {
  const { t } = useTranslation('banners');
  const trimmed = value.trim();
  return (
    <TextField
      label={label}
      autoComplete="off"
      spellCheck={false}
      maxLength={7}
      placeholder="#RRGGBB"
      {...field}
      adornment={
        <input
          type="color"
          className={styles.colourPicker}
          aria-label={t('dynamic.pickColour', { label })}
          value={hexColour.test(trimmed) ? trimmed.toLowerCase() : '#000000'}
          onChange={(event) => onPick(event.target.value)}
        />
      }
    />
  );
}
