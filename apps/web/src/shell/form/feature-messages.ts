import type { TFunction } from 'i18next';
import { localiseMessage } from '../../account/form-messages';

/** A number the API wrote in English ('1,000,000.00'), handed over as a number so the translation formats it. */
const englishNumber = /^-?\d{1,3}(,\d{3})*(\.\d+)?$|^-?\d+(\.\d+)?$/;
const placeholderValue = (raw: string): string | number =>
  englishNumber.test(raw) ? Number(raw.replaceAll(',', '')) : raw;

/** A text with `{name}` placeholders as a pattern that captures each of them. */
function templatePattern(text: string): RegExp {
  const parts = text.split(/\{(\w+)\}/);
  const pattern = parts
    .map((part, index) => (index % 2 ? `(?<${part}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

/**
 * The API texts of a feature (objects of fixed English texts from packages/shared) in the
 * interface language: each text is `<namespace>:messages.<its key>`; any other text goes to
 * the shared translations. A text with `{name}` placeholders (e.g. 'The amount cannot be more
 * than {max}.') matches whatever the API wrote in; the values go to the translation, numbers
 * as numbers.
 */
export function featureMessages(namespace: string, ...sources: Record<string, unknown>[]) {
  const texts = sources.flatMap((source) =>
    Object.entries(source)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, text]): [string, string] => [text, `${namespace}:messages.${key}`]),
  );
  const keys = new Map<string, string>(texts.filter(([text]) => !/\{\w+\}/.test(text)));
  const templates = texts
    .filter(([text]) => /\{\w+\}/.test(text))
    .map(([text, key]) => ({ pattern: templatePattern(text), key }));

  /** The message in the interface language when it is one of the feature's own, else null. */
  const ownText = (t: TFunction, message: string): string | null => {
    const key = keys.get(message);
    if (key) return t(key);
    for (const template of templates) {
      const match = template.pattern.exec(message);
      if (match)
        return t(
          template.key,
          Object.fromEntries(
            Object.entries(match.groups ?? {}).map(([name, raw]) => [name, placeholderValue(raw)]),
          ),
        );
    }
    return null;
  };

  /** A field's error in the interface language. */
  const localise = (t: TFunction, message: string, value?: unknown): string =>
    ownText(t, message) ?? localiseMessage(t, message, value);

  return { localise };
}
