import { type AnyRoute, contract } from '@rtb/shared/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/** The schemas of every route the app adds, by 'METHOD /api/...'. */
const seen = new Map<string, RouteOptions['schema']>();
const recordSchemas = (route: RouteOptions) => {
  for (const method of [route.method].flat()) seen.set(`${method} ${route.url}`, route.schema);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ onRoute: recordSchemas });
});
afterAll(() => t.close());

/** Each route of the contract, by its name (`roles.update`). */
const routes = Object.entries(contract).flatMap(([group, entries]) =>
  Object.entries(entries as Record<string, AnyRoute>).map(([name, route]) => ({
    name: `${group}.${name}`,
    route,
  })),
);

/** The API's URLs of a contract route: one, or one per panel for a `/:panel/` path. */
const urlsOf = (route: AnyRoute) =>
  (route.panels ?? [null]).map((panel) => `/api${panel ? route.path.replace(':panel', panel) : route.path}`);

/** The schema of the route's success answer (its only 2xx status). */
function successSchema(schema: RouteOptions['schema']): unknown[] {
  const response = (schema?.response ?? {}) as Record<string, unknown>;
  return Object.entries(response)
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([, answer]) => answer);
}

describe('the shared contract (what the web calls)', () => {
  it.each(routes)('$name is a route of the API with the same schemas', ({ name, route }) => {
    for (const url of urlsOf(route)) {
      const key = `${route.method} ${url}`;
      expect(seen.has(key), `${name}: the API has no ${key}`).toBe(true);
      const schema = seen.get(key);
      // The same objects, not look-alikes: the types the web gets are those the API validates with.
      expect(schema?.querystring, `${name}: the query of ${key}`).toBe(route.query);
      if (route.body !== 'multipart') expect(schema?.body, `${name}: the body of ${key}`).toBe(route.body);
      const answers = successSchema(schema);
      expect(answers.length, `${name}: the success statuses of ${key}`).toBe(1);
      expect(answers[0], `${name}: the answer of ${key}`).toBe(route.response);
    }
  });

  it('names each route once', () => {
    const keys = routes.flatMap(({ route }) => urlsOf(route).map((url) => `${route.method} ${url}`));
    expect(keys.length).toBe(new Set(keys).size);
  });
});
