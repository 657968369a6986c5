import { demoAccounts } from '@rtb/db';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness';

/** A 1×1 PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface UploadPart {
  field?: string;
  name: string;
  content: Buffer | string;
  type?: string;
}

/** A multipart/form-data body, encoded as a browser's FormData is. */
export async function multipart(fields: Record<string, string>, files: UploadPart[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(
      file.field ?? 'attachment',
      // A copy in a plain ArrayBuffer: the DOM typings (the e2e project's) refuse a Buffer.
      new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)], {
        type: file.type ?? 'application/octet-stream',
      }),
      file.name,
    );
  const request = new Request('http://panel.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export type Panel = 'agency' | 'advertiser';

/** POST a contact form as JSON, or as multipart when there are files. */
export async function sendContact(
  t: TestApp,
  token: string,
  panel: Panel,
  fields: Record<string, string>,
  files?: UploadPart[],
  headers: Record<string, string> = {},
) {
  const url = `/api/${panel}/form-contacts`;
  if (!files) return t.call({ method: 'POST', url, token, payload: fields, headers });
  const body = await multipart(fields, files);
  return t.call({
    method: 'POST',
    url,
    token,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** Sends a contact that must be accepted; returns it. */
export async function sentContact(
  t: TestApp,
  token: string,
  panel: Panel,
  fields: Record<string, string>,
  files?: UploadPart[],
) {
  const res = await sendContact(t, token, panel, fields, files);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.formContact as {
    id: number;
    status: string;
    attachment: { id: number; name: string } | null;
  };
}

/** Tokens of the demo users: the admin, the agency, Demo Shop (under it) and Solo Store. */
export async function demoTokens(t: TestApp) {
  return {
    admin: await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password),
    agency: await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password),
    advertiser: await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    ),
    solo: await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password),
  };
}
