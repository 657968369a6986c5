import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripe {
  url: string;
  /** The form fields of each `POST /v1/checkout/sessions`, in order. */
  sessions: Record<string, string>[];
  /** Answer the next session requests with this status (e.g. 500), until set back to 200. */
  status: number;
  close(): Promise<void>;
}

/**
 * A stand-in for Stripe's API on 127.0.0.1 (tests have no network): creates Checkout sessions
 * the way Stripe answers them, so the real Stripe client and adapter run end to end.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const fake: FakeStripe = { url: '', sessions: [], status: 200, close: async () => {} };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
        response.statusCode = 404;
        response.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }),
        );
        return;
      }
      if (fake.status !== 200) {
        response.statusCode = fake.status;
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down' } }));
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(body));
      fake.sessions.push(form);
      const id = `cs_test_${fake.sessions.length}`;
      response.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          mode: 'payment',
          amount_total: Number(form['line_items[0][price_data][unit_amount]']),
          currency: form['line_items[0][price_data][currency]'],
          payment_status: 'unpaid',
          status: 'open',
          client_reference_id: form.client_reference_id,
          metadata: { onlinePaymentId: form['metadata[onlinePaymentId]'] },
          url: `https://checkout.stripe.test/c/pay/${id}`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
