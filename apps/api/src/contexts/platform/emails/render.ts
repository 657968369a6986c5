const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => escapes[c] as string);
const entities: Record<string, string> = Object.fromEntries(Object.entries(escapes).map(([c, e]) => [e, c]));

/** Fills `{{name}}` placeholders; values are HTML-escaped, unknown names become empty. */
export function renderTemplate(template: string, vars: Record<string, string | number>, html = true): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = Object.hasOwn(vars, name) ? vars[name] : undefined;
    if (value === undefined) return '';
    return html ? escapeHtml(String(value)) : String(value);
  });
}

/** A plain-text alternative of an HTML mail: links kept, tags dropped. */
export function htmlToText(html: string): string {
  return (
    html
      .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
      .replace(/<\/(p|tr|h\d)>/gi, '\n\n')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      // one pass, so an escaped `&lt;` (`&amp;lt;`) comes out as `&lt;`, not `<`
      .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] as string)
      .replace(/[ \t]+/g, ' ')
      .replace(/\n\s*\n\s*/g, '\n\n')
      .trim()
  );
}
