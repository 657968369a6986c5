/** What the platform asks a payment provider for: a hosted checkout page for one amount. */
export interface CheckoutRequest {
  onlinePaymentId: number;
  /** Minor units charged (with tax). */
  gross: number;
  /** ISO 4217 code, e.g. 'PLN'. */
  currency: string;
  description: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

/** A verified webhook event, as far as the platform cares. */
export type ProviderEvent =
  | { kind: 'paid'; sessionId: string; amount: number; currency: string }
  | { kind: 'expired'; sessionId: string }
  | { kind: 'failed'; sessionId: string; reason: string }
  | { kind: 'ignored'; type: string };

/** The webhook's signature is missing, forged or too old. */
export class InvalidSignatureError extends Error {}

/** The provider could not be reached or refused the request. */
export class ProviderUnavailableError extends Error {}

/**
 * An online payment provider: the money is credited only from its signed webhook, never from
 * the user's return to the success page.
 */
export interface PaymentProvider {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies the webhook's signature over the raw body and reads its event. */
  readEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

declare module '../../../core/deps' {
  interface AppDeps {
    /** Online top-up (Stripe Checkout); null when it is not configured. */
    paymentProvider: PaymentProvider | null;
  }
}
