import { demoAccounts } from '@rtb/db';
import { type AccountKind, accountKinds } from '@rtb/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../contexts/support/support/test-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import { apiRoutes, recordRoutes, type SeenRoute } from '../test/routes';
import type { RouteAccess } from './access';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter';

/**
 * Every operation of the OpenAPI document, called anonymously and as each kind of user, with
 * hostile values in each body field, query parameter, path parameter and header the API reads:
 * no answer may be a 5xx. Deterministic and bounded: a fixed set of values per field, one
 * request each, one hostile value at a time (the rest valid as far as the schema tells, so the
 * value reaches the service); every failure is collected and reported together.
 */

/** Every route's declared access, seen by an onRoute hook on the instance before any plugin. */
const seen: SeenRoute[] = [];

interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  maximum?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  method: string;
  path: string;
  access: RouteAccess;
  parameters: Parameter[];
  body?: Schema;
  multipart?: Schema;
}

type Caller = 'anonymous' | AccountKind;

const NUL = 'ab\u0000cd';
const HUGE_INTEGER_TEXT = '18446744073709551616';
/** Body values by the JSON type of the field they replace (wrong types hide a NUL a level down). */
const hostileBodyValues: Record<'string' | 'number' | 'other', unknown[]> = {
  string: [NUL, 'Sol\ud800', 'x'.repeat(100_000), '', '2024-02-30', 1e308, null, { a: '\u0000' }],
  number: [1e308, 2 ** 64, 2 ** 31, -1, 1.5, NUL, null, ['\u0000']],
  other: [NUL, 1e308, null, { a: '\u0000' }],
};

/** Query and path values by the parameter's type, as they appear in the URL (percent-encoded). */
const hostileUrlValues: Record<'string' | 'number', string[]> = {
  string: ['e%00n', '%ED%A0%80', '%', 'x'.repeat(5_000), '', '2024-02-30', HUGE_INTEGER_TEXT],
  number: ['%00', '1e308', HUGE_INTEGER_TEXT, '2147483648', '-1', '1.5', 'abc'],
};

/** `agency-id` and `advertiser-id`: none names an organisation the caller may act on. */
const hostileContextIds = ['1\u0000', HUGE_INTEGER_TEXT, 'abc'];
const hostileIdempotencyKeys = ['\u0000', 'x'.repeat(300)];
const hostileAuthorizations = ['Bearer abc\u0000def', `Bearer ${'x'.repeat(10_000)}`];

const stringCandidates = [
  'Fuzz value',
  '2024-01-01',
  'fuzz@example.com',
  'https://example.com',
  'PLN',
  '100',
  'en',
];

/** Strings whose meaning the schema does not tell, by the field's name. */
const stringsByName: [RegExp, string][] = [
  [/email|login/i, 'fuzz@example.com'],
  [/locale/i, 'en'],
  [/phone/i, '123 456 789'],
  [/url/i, 'https://example.com'],
  [/password/i, 'amber-lantern-93'],
];

function fits(value: string, schema: Schema): boolean {
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) return false;
  if (schema.format === 'email' && !value.includes('@')) return false;
  if (schema.format === 'uri' && !value.startsWith('https://')) return false;
  return (
    value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY)
  );
}

/** A value the schema (and the field's name) accepts, as far as they tell: to get past validation. */
function sample(schema: Schema, name = ''): unknown {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0] ?? {}, name);
  if (schema.allOf) return sample(Object.assign({}, ...schema.allOf), name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch ([schema.type].flat().find((type) => type !== 'null')) {
    case 'string': {
      if (schema.format === 'date-time') return '2024-01-01T00:00:00.000Z';
      const named = stringsByName.find(([pattern, value]) => pattern.test(name) && fits(value, schema));
      if (named) return named[1];
      return (
        stringCandidates.find((value) => fits(value, schema)) ??
        'x'.repeat(Math.max(1, schema.minLength ?? 1))
      );
    }
    case 'integer':
    case 'number': {
      const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
      return Math.min(
        Math.max(1, (schema.minimum ?? 1) + exclusive),
        schema.maximum ?? Number.MAX_SAFE_INTEGER,
      );
    }
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [sample(schema.items, name)] : [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .map(([key, property]) => [key, sample(property, key)] as const)
          // A field without a JSON type (the uploaded file) is left out.
          .filter(([, value]) => value !== undefined),
      );
    default:
      return undefined;
  }
}

type FieldPath = (string | number)[];

/** Every path into a JSON value (objects' keys, arrays' indexes), containers included. */
function fieldPaths(value: unknown, prefix: FieldPath = []): FieldPath[] {
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
      : [];
  return entries.flatMap(([key, item]) => [[...prefix, key], ...fieldPaths(item, [...prefix, key])]);
}

const valueAt = (root: unknown, path: FieldPath): unknown =>
  path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], root);

function withValueAt(root: unknown, path: FieldPath, value: unknown): unknown {
  const copy = structuredClone(root);
  const parent = valueAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1] as string | number] = value;
  return copy;
}

const bodyValuesFor = (value: unknown) =>
  typeof value === 'string'
    ? hostileBodyValues.string
    : typeof value === 'number'
      ? hostileBodyValues.number
      : hostileBodyValues.other;

const urlValuesFor = (parameter: Parameter) =>
  typeof sample(parameter.schema) === 'number' ? hostileUrlValues.number : hostileUrlValues.string;

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }
    >
  >;
};

function operationsOf(document: OpenApiDocument): Operation[] {
  const accessOf = new Map(apiRoutes(seen).map((route) => [`${route.method} ${route.url}`, route.access]));
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const access = accessOf.get(key);
      if (!access) throw new Error(`no route for ${key}`);
      return {
        method: method.toUpperCase(),
        path,
        access,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
        multipart: operation.requestBody?.content['multipart/form-data']?.schema,
      };
    }),
  );
}

/** Whether the route reads the caller's input at all (its access check passes them). */
function admits(access: RouteAccess, caller: Caller): boolean {
  if (access === 'public') return true;
  if (caller === 'anonymous') return false;
  return access === 'authenticated' || access.kind === caller;
}

/** A request and what it probes, for the report. */
interface Probe {
  operation: Operation;
  input: string;
  request: InjectOptions;
}

function urlOf(operation: Operation, pathValues: Record<string, string>, query: string[]): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? '1');
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

const json = (payload: unknown): Pick<InjectOptions, 'payload' | 'headers'> =>
  payload === undefined
    ? {}
    : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } };

/** The requests that probe one operation: one hostile value at a time, the rest valid. */
async function probesOf(operation: Operation): Promise<Probe[]> {
  const { method } = operation;
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const requiredQuery = queryParameters
    .filter((p) => p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema, p.name)))}`);
  const body = operation.body ? sample(operation.body) : undefined;
  const url = urlOf(operation, {}, requiredQuery);
  const probes: Probe[] = [];
  const probe = (input: string, request: Omit<InjectOptions, 'method'>) =>
    probes.push({ operation, input: input.slice(0, 80), request: { method, ...request } });

  for (const parameter of pathParameters)
    for (const value of urlValuesFor(parameter))
      probe(`path ${parameter.name}=${value}`, {
        url: urlOf(operation, { [parameter.name]: value }, requiredQuery),
        ...json(body),
      });
  for (const parameter of queryParameters) {
    const others = requiredQuery.filter((q) => !q.startsWith(`${parameter.name}=`));
    for (const value of [...urlValuesFor(parameter), `1&${parameter.name}=2`])
      probe(`query ${parameter.name}=${value}`, {
        url: urlOf(operation, {}, [...others, `${parameter.name}=${value}`]),
        ...json(body),
      });
  }
  if (operation.body) {
    for (const path of fieldPaths(body))
      for (const value of bodyValuesFor(valueAt(body, path)))
        probe(`body ${path.join('.')}=${JSON.stringify(value)}`, {
          url,
          ...json(withValueAt(body, path, value)),
        });
    for (const whole of [null, [], NUL, { '\u0000': 1 }, { ...(body as object), 'Sol\ud800': 1 }])
      probe(`body ${JSON.stringify(whole)}`, { url, ...json(whole) });
  }
  if (operation.multipart) {
    const fields = Object.fromEntries(
      Object.entries(sample(operation.multipart) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    );
    const fileField = Object.keys(operation.multipart.properties ?? {}).find((name) => !(name in fields));
    const strings = hostileBodyValues.string.filter((value): value is string => typeof value === 'string');
    for (const name of Object.keys(fields))
      for (const value of strings)
        probe(`multipart ${name}=${JSON.stringify(value)}`, {
          url,
          ...(await multipart({ ...fields, [name]: value })),
        });
    if (fileField)
      for (const filename of strings.filter(Boolean))
        probe(`multipart file name ${JSON.stringify(filename)}`, {
          url,
          ...(await multipart(fields, [{ field: fileField, name: filename, content: png }])),
        });
  }
  // The headers the API reads (the access check, money routes), each on its own.
  if (operation.access !== 'public')
    for (const value of hostileContextIds)
      for (const header of ['agency-id', 'advertiser-id'])
        probe(`header ${header}=${JSON.stringify(value)}`, { url, headers: { [header]: value } });
  // Money-moving routes all take a body; a request without one (log out) would otherwise succeed.
  if (operation.body)
    for (const value of hostileIdempotencyKeys)
      probe(`header idempotency-key=${JSON.stringify(value)}`, {
        url,
        ...json(body),
        headers: { ...json(body).headers, 'idempotency-key': value },
      });
  return probes;
}

/**
 * One request with every input hostile at once: for a caller the route refuses before it reads
 * any input (another panel's route, or a signed-in route called anonymously).
 */
function refusedProbeOf(operation: Operation): Probe {
  const query = operation.parameters.filter((p) => p.in === 'query').map((p) => `${p.name}=%00`);
  const path = Object.fromEntries(
    operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, '%00']),
  );
  return {
    operation,
    input: 'every parameter %00, body with a NUL',
    request: {
      method: operation.method,
      url: urlOf(operation, path, query),
      ...json(operation.body && { x: NUL }),
    },
  };
}

/** Tokens that are none, in the header and (for a GET) in the query. */
function tokenProbesOf(operation: Operation): Probe[] {
  const { method } = operation;
  const url = urlOf(operation, {}, []);
  return [
    ...hostileAuthorizations.map((authorization) => ({
      operation,
      input: `authorization ${JSON.stringify(authorization)}`.slice(0, 80),
      request: { method, url, headers: { authorization } },
    })),
    ...(method === 'GET'
      ? [
          {
            operation,
            input: 'query authorization=%00',
            request: { method, url: `${url}?authorization=%00` },
          },
        ]
      : []),
  ];
}

/** Counts attempts as usual but never refuses: the login limits would stop the probes early. */
const unlimited = (limiter: RateLimiter): RateLimiter => ({
  ...limiter,
  hit: (key, _limit, windowMs) => limiter.hit(key, Number.MAX_SAFE_INTEGER, windowMs),
});

let t: TestApp;
let operations: Operation[];
const tokens: Partial<Record<AccountKind, string>> = {};
beforeAll(async () => {
  t = await createTestApp({
    demo: true,
    onRoute: recordRoutes(seen),
    deps: { limiter: unlimited(createMemoryRateLimiter()) },
  });
  operations = operationsOf(t.app.swagger() as unknown as OpenApiDocument);
  for (const kind of accountKinds) {
    const { login, password } = demoAccounts[kind];
    tokens[kind] = await t.loginAs(kind, login, password);
  }
});
afterAll(() => t?.close());

/** Sends the probes one after another; returns the ones answered with a 5xx. */
async function failuresOf(caller: Caller, probes: Probe[]): Promise<string[]> {
  const token = caller === 'anonymous' ? undefined : tokens[caller];
  const failures: string[] = [];
  for (const [index, { operation, input, request }] of probes.entries()) {
    const res = await t.app.inject({
      ...request,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        // A money-moving route wants a key of its own per request.
        'idempotency-key': `fuzz-${caller}-${index}`,
        ...request.headers,
      },
    });
    if (res.statusCode >= 500)
      failures.push(
        `${caller} ${operation.method} ${operation.path} [${input}] -> ${res.statusCode} ${res.body.slice(0, 200)}`,
      );
  }
  return failures;
}

describe('every operation of the OpenAPI document, with hostile input', () => {
  it('the document lists every API route', () => {
    expect(operations.length).toBeGreaterThan(200);
  });

  // Admins last: their probes change settings (maintenance mode among them) that would turn the
  // other callers away before their input is read.
  for (const caller of ['anonymous', 'advertiser', 'agency', 'admin'] as const) {
    it(`answers no 5xx to ${caller === 'anonymous' ? 'an anonymous caller' : `a signed-in ${caller} user`}`, async () => {
      const probes: Probe[] = [];
      for (const operation of operations) {
        if (admits(operation.access, caller) && (caller === 'anonymous' || operation.access !== 'public'))
          probes.push(...(await probesOf(operation)));
        // A public route reads its input the same for everyone (probed in full anonymously).
        else probes.push(refusedProbeOf(operation));
        if (caller === 'anonymous') probes.push(...tokenProbesOf(operation));
      }
      const failures = await failuresOf(caller, probes);
      expect(failures, `${failures.length} of ${probes.length} requests answered 5xx`).toEqual([]);
    }, 180_000);
  }
});
