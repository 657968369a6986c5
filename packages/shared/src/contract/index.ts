import { roles } from './identity';

export * from './route';

/**
 * The API's routes as the web calls them, by module: `api.call(contract.roles.update, { path:
 * { id }, body })`. Each gives its method, path and the zod schemas the API's route declares for
 * its query, body and answer, so request and answer types come from the same schemas the API
 * validates with; `apps/api/src/core/contract.test.ts` checks every route against the API.
 */
export const contract = {
  roles,
};
