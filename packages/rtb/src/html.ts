const entities: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/** Text or an attribute value made safe inside HTML markup, in one pass. */
export const escapeHtml = (value: string) => value.replace(/[&"'<>]/g, (c) => entities[c] ?? c);
