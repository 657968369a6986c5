import type { AccountKind } from '@rtb/shared';
import type { BrowserContext, Page } from 'playwright-core';
import type { E2EServer } from './server';
import { type DemoUser, loginPath, panelPrefix, texts, under } from './texts';

export interface Credentials {
  kind: AccountKind;
  login: string;
  password: string;
}

/** Fills and submits a panel's login form (labels of spec section 2); does not wait for the outcome. */
export async function submitLoginForm(page: Page, user: Credentials): Promise<void> {
  await page.goto(loginPath(user.kind));
  await page.getByLabel(texts.loginLabel, { exact: true }).fill(user.login);
  await page.getByLabel(texts.passwordLabel, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: texts.loginButton, exact: true }).click();
}

/** Logs in through the login page and waits to be inside the panel. */
export async function loginThroughForm(page: Page, user: Credentials): Promise<void> {
  await submitLoginForm(page, user);
  await page.waitForURL(under(panelPrefix[user.kind]));
}

/** A token from the API itself (POST /api/<kind>/auth/token). */
export async function apiToken(server: E2EServer, user: Credentials): Promise<string> {
  return server.t.loginAs(user.kind, user.login, user.password);
}

/**
 * Signs the context in without the login page, as the web app would after a login: the
 * `authToken` cookie (path /). Faster for tests whose subject is not the login itself.
 */
export async function signIn(context: BrowserContext, server: E2EServer, user: DemoUser): Promise<string> {
  const token = await apiToken(server, user);
  await context.addCookies([{ name: 'authToken', value: token, url: server.baseURL }]);
  return token;
}

/** The value of a cookie of the context, if set. */
export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === name)?.value;
}

/** A plain HTTP call to the test server (outside the browser), e.g. to check a token. */
export async function httpCall(
  server: E2EServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}
