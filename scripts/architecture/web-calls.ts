/** A call of the web's API client typed by hand, as the client had them before `call` (lib/api-client.ts). */
export const HAND_TYPED_CALL =
  /\b(api|publicApi)\.(get|post|put|patch|delete|upload|uploadWithProgress|request)\b/g;
