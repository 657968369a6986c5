import { notificationMessages } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { localiseMessage } from '../../account/form-messages';
import { failureText as callFailureText } from '../../shell/form/failure-text';

/** The API's fixed texts, by their English wording. */
const fixedTexts = new Map<string, string>(
  Object.entries(notificationMessages as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([key, text]) => [text, `notifications:messages.${key}`]),
);

/** The texts naming a placeholder: what comes before and after the name. */
const MARK = '\u0000';
const namedTexts = (['unknownPlaceholder', 'missingPlaceholder'] as const).map((key) => {
  const [before = '', after = ''] = notificationMessages[key](MARK).split(MARK);
  return { key, before, after };
});

/** A text of the notifications endpoints in the interface language, else null. */
export function translateNotificationMessage(t: TFunction, message: string): string | null {
  const fixed = fixedTexts.get(message);
  if (fixed) return t(fixed);
  for (const { key, before, after } of namedTexts) {
    if (
      message.length >= before.length + after.length &&
      message.startsWith(before) &&
      message.endsWith(after)
    ) {
      const name = message.slice(before.length, message.length - after.length);
      return t(`notifications:messages.${key}`, { placeholder: `{{${name}}}` });
    }
  }
  return null;
}

/** A field's error in the interface language: this feature's texts, then the shared ones. */
export function localiseNotificationMessage(t: TFunction, message: string, value?: unknown): string {
  return translateNotificationMessage(t, message) ?? localiseMessage(t, message, value);
}

/** The message of a failed call, for a toast or a list's error state: several field errors joined with a comma. */
export const failureText = (t: TFunction, error: unknown): string => callFailureText(t, error, ', ');
