import type { AppDeps } from './deps';
import { tooManyRequests } from './errors';

const MINUTE = 60_000;

/**
 * Limits per DESIGN.md section 8. Login counts failed attempts per login+IP (so a stranger
 * cannot lock a user out from elsewhere) and per IP (so one address cannot try many logins);
 * a successful one does not count (an office behind one address logs in many times a day).
 */
export const limits = {
  loginPerLoginIp: { limit: 10, windowMs: 15 * MINUTE },
  loginPerIp: { limit: 100, windowMs: 15 * MINUTE },
  resetPerLoginIp: { limit: 5, windowMs: 60 * MINUTE },
  resetPerIp: { limit: 30, windowMs: 60 * MINUTE },
  registerPerIp: { limit: 10, windowMs: 60 * MINUTE },
  resendPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  tokenLookupPerIp: { limit: 60, windowMs: 15 * MINUTE },
  urlVerifyPerIp: { limit: 60, windowMs: 15 * MINUTE },
  /** Banner landing pages, checked on every upload (an advertiser uploads many files at once). */
  landingUrlPerAccount: { limit: 300, windowMs: 15 * MINUTE },
  /** Support requests: each one is mailed to the support team. */
  contactPerAccount: { limit: 20, windowMs: 60 * MINUTE },
  /** Invoices mailed on request go to any address: not a way to send many mails. */
  invoiceSendPerAccount: { limit: 20, windowMs: 60 * MINUTE },
  /** Each online top-up opens a checkout session at the provider. */
  onlineTopUpPerAccount: { limit: 20, windowMs: 60 * MINUTE },
} as const;

export type LimitName = keyof typeof limits;

/** Counts one attempt against each named limit; the first exceeded one answers 429. */
export async function enforceLimits(deps: AppDeps, checks: [LimitName, string][]): Promise<void> {
  for (const [name, key] of checks) {
    const { limit, windowMs } = limits[name];
    const result = await deps.limiter.hit(`${name}:${key}`, limit, windowMs);
    if (!result.allowed) throw tooManyRequests(result.retryAfterMs);
  }
}

/** Takes back an attempt `enforceLimits` counted, once it turned out not to be one to limit. */
export async function refundLimits(deps: AppDeps, checks: [LimitName, string][]): Promise<void> {
  for (const [name, key] of checks) await deps.limiter.refund(`${name}:${key}`);
}
