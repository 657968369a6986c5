import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathOf, route } from './route';

const answer = z.object({ data: z.object({ ok: z.boolean() }) });

describe('contract routes', () => {
  it('fill in their path parameters, URI-encoded', () => {
    const send = route('POST', '/:panel/invoices/:id/send', {
      panels: ['admin', 'agency'],
      response: answer,
    });
    expect(pathOf(send, { panel: 'agency', id: 12 })).toBe('/agency/invoices/12/send');
    expect(pathOf(route('GET', '/advertiser/products/:key', { response: answer }), { key: 'a b/c' })).toBe(
      '/advertiser/products/a%20b%2Fc',
    );
    expect(pathOf(route('GET', '/admin/roles', { response: answer }))).toBe('/admin/roles');
  });

  it('refuse a call without a value for a parameter', () => {
    expect(() => pathOf(route('DELETE', '/admin/roles/:id', { response: answer }), {})).toThrow(
      'DELETE /admin/roles/:id: no value for :id',
    );
  });
});
