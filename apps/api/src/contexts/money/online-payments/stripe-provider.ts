import Stripe from 'stripe';
import type { CallTracker } from '../../platform';
import {
  type CheckoutRequest,
  type CheckoutSession,
  InvalidSignatureError,
  type PaymentProvider,
  type ProviderEvent,
  ProviderUnavailableError,
} from './provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API address than Stripe's (stripe-mock, a test server): `http://127.0.0.1:12111`. */
  apiUrl?: string;
}

/** Stripe's HTTP client with every request logged in the external-API log. */
function trackedHttpClient(track: CallTracker): Stripe.HttpClient {
  const inner = Stripe.createNodeHttpClient();
  return {
    getClientName: () => inner.getClientName(),
    makeRequest: async (host, port, path, method, headers, requestData, protocol, timeout) => {
      const { response } = await track({ method, url: `${protocol}://${host}:${port}${path}` }, async () => {
        const response = await inner.makeRequest(
          host,
          port,
          path,
          method,
          headers,
          requestData,
          protocol,
          timeout,
        );
        return { status: response.getStatusCode(), response };
      });
      return response;
    },
  };
}

function apiAddress(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Stripe Checkout: a hosted payment page per top-up; `checkout.session.*` webhooks report the outcome. */
export function createStripeProvider(settings: StripeSettings, track: CallTracker): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    httpClient: trackedHttpClient(track),
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...apiAddress(settings.apiUrl),
  });

  const sessionEvent = (session: Stripe.Checkout.Session): ProviderEvent =>
    session.payment_status === 'paid'
      ? {
          kind: 'paid',
          sessionId: session.id,
          amount: session.amount_total ?? 0,
          currency: (session.currency ?? '').toUpperCase(),
        }
      : // Paid later (bank debits): the async_payment_* event follows.
        { kind: 'ignored', type: `checkout.session.completed (${session.payment_status})` };

  return {
    name: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.gross,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: String(request.onlinePaymentId),
          metadata: { onlinePaymentId: String(request.onlinePaymentId) },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        });
      } catch (error) {
        throw new ProviderUnavailableError(error instanceof Error ? error.message : String(error));
      }
      if (!session.url) throw new ProviderUnavailableError('Stripe returned a session without a URL.');
      return { sessionId: session.id, url: session.url };
    },

    readEvent(rawBody, signature): ProviderEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch (error) {
        throw new InvalidSignatureError(error instanceof Error ? error.message : String(error));
      }
      switch (event.type) {
        case 'checkout.session.completed':
          return sessionEvent(event.data.object);
        case 'checkout.session.async_payment_succeeded':
          return sessionEvent(event.data.object);
        case 'checkout.session.async_payment_failed':
          return { kind: 'failed', sessionId: event.data.object.id, reason: 'The payment failed.' };
        case 'checkout.session.expired':
          return { kind: 'expired', sessionId: event.data.object.id };
        default:
          return { kind: 'ignored', type: event.type };
      }
    },
  };
}
