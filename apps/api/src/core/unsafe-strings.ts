import { messages } from '@rtb/shared';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { type FieldErrors, invalid } from './errors';

/**
 * A NUL, or half of a UTF-16 surrogate pair: PostgreSQL stores neither in text, varchar or
 * jsonb (it fails the query), and no form has a reason to send one.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableString = (value: string): boolean => !UNSTORABLE.test(value);

/**
 * The dotted paths (as the 422's field errors name them; `_` for the value itself) of every
 * string, object key included, that PostgreSQL cannot store. A Buffer (a raw or uploaded
 * body) is bytes, not text, and is skipped. Iterative, so that a deeply nested body cannot
 * overflow the stack.
 */
export function unstorablePaths(root: unknown): string[] {
  const found: string[] = [];
  // A path is its last segment and its parent's path: no copying of long paths when deep.
  type Path = { segment: string; parent: Path } | null;
  const name = (path: Path): string => {
    const segments: string[] = [];
    for (let at = path; at; at = at.parent) segments.push(at.segment);
    return segments.reverse().join('.') || '_';
  };
  const pending: [value: unknown, path: Path][] = [[root, null]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (!isStorableString(value)) found.push(name(path));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push([item, { segment: String(index), parent: path }]);
      });
    } else if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
      for (const [key, item] of Object.entries(value)) {
        const at = { segment: key, parent: path };
        pending.push([key, at], [item, at]);
      }
    }
  }
  return found;
}

function refuseUnstorableStrings(request: FastifyRequest): void {
  const errors: FieldErrors = {};
  for (const part of [request.params, request.query, request.body]) {
    for (const path of unstorablePaths(part)) errors[path] = [messages.disallowedCharacters];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

const check: preValidationHookHandler = async (request) => refuseUnstorableStrings(request);

/**
 * Every string a route accepts (path, query, body at any depth and its keys) is refused with a
 * 422 field error before validation when PostgreSQL could not store it. Added as the route's
 * last preValidation hook, so it also sees what a route's own hook made of a multipart body.
 * The raw-body payment webhook is a Buffer, checked by its signature instead. Headers need no
 * check: Node's HTTP parser refuses control characters in them, and the ones read are numbers
 * or hashed (the token).
 */
export function registerUnsafeStringCheck(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.preValidation = [...[route.preValidation ?? []].flat(), check];
  });
}
