import { notificationMessages } from '@rtb/shared';
import type { FieldErrors } from '../../../core/errors';
import { placeholdersOf } from './catalogue';

/**
 * Every `{{...}}` of a text, trimmed. Wider than what renderTemplate fills (`\w+` names), so a
 * misspelt `{{first-name}}`, which would reach the reader as it is, is caught too.
 */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map((match) => (match[1] ?? '').trim());
}

/**
 * What is wrong with a template's placeholders for its key: names the mail does not provide
 * (in the subject or the HTML), and required ones missing from the HTML. Empty when all is well.
 */
export function placeholderErrors(key: string, template: { subject: string; html: string }): FieldErrors {
  const known = placeholdersOf(key);
  const names = new Set(known.map((p) => p.name));
  const errors: FieldErrors = {};
  const add = (field: 'subject' | 'html', message: string) => {
    const list = errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[field] = list;
  };
  for (const field of ['subject', 'html'] as const) {
    for (const name of placeholdersIn(template[field])) {
      if (!names.has(name)) add(field, notificationMessages.unknownPlaceholder(name));
    }
  }
  const used = new Set(placeholdersIn(template.html));
  for (const p of known) {
    if (p.required && !used.has(p.name)) add('html', notificationMessages.missingPlaceholder(p.name));
  }
  return errors;
}
