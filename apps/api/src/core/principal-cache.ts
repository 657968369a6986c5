import type { Principal } from '../modules/auth/principal-repository';

/**
 * Principals of recently seen tokens, for a few seconds: the token lookup is the one query
 * every authenticated request makes. Changes made in this process forget the account's
 * entries at once (after the commit); other processes see them within `ttlMs`.
 */
export class PrincipalCache {
  private entries = new Map<string, { principal: Principal; until: number }>();
  private byAccount = new Map<number, Set<string>>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(tokenHash: string): Principal | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.delete(tokenHash);
      return undefined;
    }
    return entry.principal;
  }

  /** Only live tokens are kept, so random tokens cannot fill the cache. */
  set(tokenHash: string, principal: Principal): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(tokenHash, { principal, until: this.now() + this.ttlMs });
    for (const id of [principal.accountId, principal.impersonatorAccountId]) {
      if (id === null) continue;
      const hashes = this.byAccount.get(id) ?? new Set();
      hashes.add(tokenHash);
      this.byAccount.set(id, hashes);
    }
  }

  /** Forgets every cached token of the account, and every token acting as it or for it. */
  forgetAccount(accountId: number): void {
    for (const hash of this.byAccount.get(accountId) ?? []) this.delete(hash);
    this.byAccount.delete(accountId);
  }

  private delete(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    for (const id of [entry.principal.accountId, entry.principal.impersonatorAccountId]) {
      if (id !== null) this.byAccount.get(id)?.delete(tokenHash);
    }
  }
}
