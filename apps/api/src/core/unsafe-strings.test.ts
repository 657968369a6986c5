import { demoAccounts } from '@rtb/db';
import { messages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../contexts/support/support/test-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import { unstorablePaths } from './unsafe-strings';

let t: TestApp;
let agency: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
});
afterAll(() => t.close());

const refused = (errors: Record<string, string[]>) => ({
  message: messages.validation,
  code: 422,
  error: 'validation.failed',
  errors,
  issues: expect.any(Object),
});
const notAllowed = [messages.disallowedCharacters];

describe('strings PostgreSQL cannot store', () => {
  it('finds NULs and lone surrogates at any depth, object keys included, and nothing else', () => {
    expect(
      unstorablePaths({
        login: 'ab\u0000cd',
        name: 'Sol\ud800',
        emoji: 'ok \ud83d\ude00',
        texts: [{ locale: 'en', content: 'fine' }, { content: '\udc00x' }],
        nested: { 'k\u0000': 1 },
        count: 3,
        file: { filename: 'a.png', data: Buffer.from([0, 0xd8]) },
      }).sort(),
    ).toEqual(['login', 'name', 'nested.k\u0000', 'texts.1.content']);
    expect(unstorablePaths('\u0000')).toEqual(['_']);
    expect(unstorablePaths(undefined)).toEqual([]);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorablePaths(deep)).toHaveLength(1);
  });

  it('refuses a NUL in a body field with a field error, before the login is looked up', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/advertiser/auth/token',
      payload: { login: 'ab\u0000cd@example.com', password: 'x' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refused({ login: notAllowed }));
  });

  it('refuses a NUL in a query parameter', async () => {
    const res = await t.call({ method: 'GET', url: '/api/regulations/current?locale=e%00n' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refused({ locale: notAllowed }));
  });

  it('refuses a NUL in a path parameter', async () => {
    const res = await t.call({ method: 'GET', url: '/api/agency/advertisers/1%00', token: agency });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refused({ id: notAllowed }));
  });

  it('refuses a lone surrogate in a nested field (it would reach the activity log as jsonb)', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/agency/me',
      token: agency,
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":"Sol\\ud800","lastName":"Ok","phone":"","locale":"en","x":{"y":["\\udfff"]}}',
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refused({ firstName: notAllowed, 'x.y.0': notAllowed }));
  });

  it('refuses an object key with a NUL', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/agency/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":"a@example.com","password":"x","\\u0000":1}',
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refused({ '\u0000': notAllowed }));
  });

  it("refuses a NUL in a multipart text field and in the file's name", async () => {
    const body = await multipart({ subject: 'Hi\u0000', message: 'Help' }, [
      { name: 'a\u0000.png', content: png },
    ]);
    const res = await t.call({
      method: 'POST',
      url: '/api/agency/form-contacts',
      token: agency,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refused({ subject: notAllowed, 'attachment.filename': notAllowed }));
  });

  it('lets through what PostgreSQL stores: emoji (surrogate pairs) and other control characters', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/agency/me',
      token: agency,
      payload: { firstName: 'Ala \ud83d\ude00', lastName: 'Tab\tbed', phone: '', locale: 'en' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.me.agencyUser.firstName).toBe('Ala \ud83d\ude00');
  });

  it('answers 403, not 500, to a NUL in the organisation headers or the bearer token', async () => {
    for (const headers of [{ 'agency-id': '1\u0000' }, { 'advertiser-id': '\u0000' }]) {
      const res = await t.call({ method: 'GET', url: '/api/agency/me', token: agency, headers });
      expect(res.status).toBe(403);
    }
    const res = await t.call({ method: 'GET', url: '/api/agency/me', token: 'abc\u0000def' });
    expect(res.status).toBe(401);
  });
});
