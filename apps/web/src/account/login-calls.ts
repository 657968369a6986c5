import { contract } from '@rtb/shared/contract';
import { publicApi } from '../lib/api-client';

/*
 * What logging in needs beyond the login page: the shared schema and the API's routes, which bring
 * zod and the contract. The page loads this module once the user starts on the form
 * (`loadLoginCalls`), so it shows without them.
 */
export { loginBody } from '@rtb/shared';
export { login } from '../auth/session';

/** Sends the verification mail again to an account that has not confirmed its address. */
export const resendVerificationEmail = (accountId: number) =>
  publicApi.call(contract.auth.resendVerificationEmail, { path: { id: accountId } });
