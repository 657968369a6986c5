import type { useApiForm } from './use-api-form';

/** What `form.field(name)` gives a field, with its error in the interface language. */
export type FieldProps = ReturnType<ReturnType<typeof useApiForm<Record<string, unknown>>>['field']>;
