import type { ConfigValueDto } from '@rtb/shared';
import type { TFunction } from 'i18next';

/** A setting's value as people read it: On/Off for a boolean, the value otherwise. */
export function configValueText(t: TFunction, entry: Pick<ConfigValueDto, 'type' | 'value'>): string {
  if (entry.type === 'boolean')
    return t(entry.value === true ? 'configuration:values.on' : 'configuration:values.off');
  return String(entry.value);
}

/** The readable name of a known setting, else its key. */
export function configKeyLabel(t: TFunction, key: string): string {
  return t(`configuration:settings.keys.${key}`, { defaultValue: key });
}

/** What a known setting is for, in the interface language; else the description stored with it. */
export function configDescription(t: TFunction, entry: Pick<ConfigValueDto, 'key' | 'description'>): string {
  return t(`configuration:settings.descriptions.${entry.key}`, { defaultValue: entry.description });
}
