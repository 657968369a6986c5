import type { z } from 'zod';
import type { AccountKind } from '../enums';

/** The methods of the API's routes (the web client sends PUT, PATCH and DELETE as POST with `_method`). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route takes and gives: the schemas the API declares for it. */
export interface RouteSchemas {
  /** The querystring's schema. */
  query?: z.ZodType;
  /** The JSON body's schema, or `'multipart'` for a form-data upload (whose fields the route reads itself). */
  body?: z.ZodType | 'multipart';
  /** The success answer's schema: the API checks every answer against it before sending it. */
  response: z.ZodType;
}

/** The `:name` parameters of a path. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path starting `/:panel/` is mounted under the prefix of each panel in `panels`. */
type PanelsOf<P extends string> = P extends `/:panel/${string}`
  ? { panels: readonly AccountKind[] }
  : { panels?: undefined };

/** Any route of the contract. */
export interface AnyRoute extends RouteSchemas {
  method: HttpMethod;
  /** The path under `/api`, with `:name` parameters (those of the API's route, and `:panel`). */
  path: string;
  panels?: readonly AccountKind[];
}

/**
 * One route of the API as the web calls it: method, path and the schemas the API's route
 * declares (`apps/api/src/core/contract.test.ts` checks that they are the same objects).
 */
export function route<
  const M extends HttpMethod,
  const P extends string,
  const S extends RouteSchemas & PanelsOf<P>,
>(method: M, path: P, schemas: S): S & { method: M; path: P } {
  return { ...schemas, method, path };
}

type PanelOf<R> = R extends { panels: readonly (infer K extends AccountKind)[] } ? K : never;

/** The values of a route's path parameters: `panel` one of its panels, the others ids or keys. */
export type PathParams<R extends AnyRoute> = {
  [K in PathParamNames<R['path']>]: K extends 'panel' ? PanelOf<R> : string | number;
};
/** What the route's query takes (the schema's input). */
export type QueryOf<R extends AnyRoute> = R extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** What the route's JSON body takes (the schema's input). */
export type BodyOf<R extends AnyRoute> = R extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** The route's success answer (the response schema's output, which the API serialises). */
export type ResponseOf<R extends AnyRoute> = z.output<R['response']>;

/** The route's path with its parameters filled in (each URI-encoded): `/admin/roles/5`. */
export function pathOf(route: AnyRoute, params: Partial<Record<string, string | number>> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
