import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendExport } from './send-export';
import { workbookFrom } from './test-helpers';

const app = Fastify({ logger: false });
const columns = [
  { key: 'name', header: 'Nazwa', type: 'text' },
  { key: 'spend', header: 'Wydatki', type: 'money', unit: 'minor', digits: 2 },
] as const;

beforeAll(async () => {
  app.get<{ Querystring: { format: 'csv' | 'xlsx'; fail?: string } }>('/export', async (request, reply) => {
    async function* rows() {
      if (request.query.fail === 'start') throw new Error('query failed');
      yield { name: 'Sklep Łódź', spend: 12_345 };
      yield { name: 'Shop', spend: -5 };
    }
    return sendExport(reply, {
      format: request.query.format,
      style: 'locale',
      locale: 'pl',
      filename: 'raport przychodów 2026-11',
      columns: [...columns],
      rows: rows(),
    });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('sendExport', () => {
  it('answers a CSV attachment with its type and name', async () => {
    const res = await app.inject({ method: 'GET', url: '/export?format=csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="raport przychod_w 2026-11.csv"; filename*=UTF-8''raport%20przychod%C3%B3w%202026-11.csv`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe('\uFEFFNazwa;Wydatki\r\nSklep Łódź;123,45\r\nShop;-0,05\r\n');
  });

  it('answers an XLSX attachment that opens as a workbook', async () => {
    const res = await app.inject({ method: 'GET', url: '/export?format=xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('.xlsx"');
    const workbook = await workbookFrom(res.rawPayload);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(2).values).toEqual([undefined, 'Sklep Łódź', 123.45]);
    expect(sheet?.getRow(3).values).toEqual([undefined, 'Shop', -0.05]);
  });

  it('answers an error, not a broken file, when the rows fail before the first', async () => {
    const res = await app.inject({ method: 'GET', url: '/export?format=csv&fail=start' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});
