/**
 * The API's routes as the web calls them, by module: `api.call(contract.roles.update, { path:
 * { id }, body })`. Each names its method, path and the zod schemas the API's route declares for
 * its query, body and answer, so a call's types come from the schemas the API validates with;
 * `apps/api/src/core/contract.test.ts` checks every route against the API. A namespace of the
 * groups (`modules.ts`), not one object: a bundle keeps the groups its code names
 * (`contract.auth.login` keeps `auth`), so the login page does not carry every route's schemas.
 */
export * as contract from './modules';
export * from './route';
