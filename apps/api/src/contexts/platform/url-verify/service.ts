/**
 * What other modules use of the URL check: requests to URLs an outsider gave, with the SSRF
 * protection (product feeds fetch through it).
 */

export { demoShopTrust } from './demo-shop-trust';
export {
  FetchTimeoutError,
  type GuardedResponse,
  guardedFetch,
  TooManyRedirectsError,
  UnsafeAddressError,
} from './guarded-fetch';
