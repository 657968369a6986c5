const MAX_URL_LENGTH = 2_000;
const REDACTED = 'redacted';
/** Query parameters whose values are credentials or one-time secrets. */
const SECRET_PARAM = /token|secret|password|passwd|pass|pwd|key|auth|signature|sig|session|credential|code/i;

/**
 * The URL as the log keeps it: user name and password, and the values of secret-looking query
 * parameters, replaced; no fragment (it is never sent); at most 2000 characters.
 */
export function redactUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return input.slice(0, MAX_URL_LENGTH);
  }
  if (url.username) url.username = REDACTED;
  if (url.password) url.password = REDACTED;
  for (const key of new Set(url.searchParams.keys())) {
    if (SECRET_PARAM.test(key)) url.searchParams.set(key, REDACTED);
  }
  url.hash = '';
  return url.toString().slice(0, MAX_URL_LENGTH);
}
