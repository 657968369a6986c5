import { type DynamicTemplate, dynamicTemplateSchema } from '@rtb/shared';
import { useDeferredValue, useEffect, useState } from 'react';

const fields = Object.keys(dynamicTemplateSchema.shape) as (keyof DynamicTemplate)[];

/**
 * The template the previews show while the user edits: each field of the form's values once it
 * is valid, else its last valid value (`initial`'s at first), so a colour half typed does not
 * hold back a new layout. Deferred, so dragging a colour picker never waits for every preview.
 */
export function useLiveTemplate(
  values: Partial<Record<keyof DynamicTemplate, unknown>>,
  initial: DynamicTemplate,
) {
  const valid: Partial<DynamicTemplate> = {};
  for (const name of fields) {
    const parsed = dynamicTemplateSchema.shape[name].safeParse(values[name]);
    if (parsed.success) Object.assign(valid, { [name]: parsed.data });
  }
  const validKey = JSON.stringify(valid);
  const [shown, setShown] = useState(initial);
  useEffect(() => {
    const changes = JSON.parse(validKey) as Partial<DynamicTemplate>;
    setShown((current) =>
      fields.every((name) => changes[name] === undefined || changes[name] === current[name])
        ? current
        : { ...current, ...changes },
    );
  }, [validKey]);
  return useDeferredValue(shown);
}
