/** A message of packages/shared with its `{name}` placeholders filled in. */
export const fill = (message: string, values: Record<string, string | number>): string =>
  message.replace(/\{(\w+)\}/g, (placeholder, name: string) => String(values[name] ?? placeholder));
