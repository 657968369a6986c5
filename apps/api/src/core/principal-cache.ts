import type { Principal } from './principal';

/**
 * Principals of recently seen tokens, for a few seconds: the token lookup is the one query
 * every authenticated request makes. Changes made in this process forget the entries of the
 * account (or of everyone with a changed role) at once, and again after the commit; other
 * processes see them within `ttlMs`.
 */
export class PrincipalCache {
  private entries = new Map<string, { principal: Principal; until: number }>();
  private byAccount = new Map<number, Set<string>>();
  private byRole = new Map<number, Set<string>>();

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
    // Never past the token's own expiry: an expired token is refused at once, cached or not.
    const until = Math.min(this.now() + this.ttlMs, principal.expiresAt.getTime());
    this.entries.set(tokenHash, { principal, until });
    for (const id of accountsOf(principal)) addTo(this.byAccount, id, tokenHash);
    if (principal.profile) addTo(this.byRole, principal.profile.role.id, tokenHash);
  }

  /**
   * Forgets every cached token of the account, and every token acting as it or for it (also
   * through an agency session an admin opened).
   */
  forgetAccount(accountId: number): void {
    for (const hash of this.byAccount.get(accountId) ?? []) this.delete(hash);
    this.byAccount.delete(accountId);
  }

  /** Forgets every cached token whose profile has the role (its permissions changed). */
  forgetRole(roleId: number): void {
    for (const hash of this.byRole.get(roleId) ?? []) this.delete(hash);
    this.byRole.delete(roleId);
  }

  private delete(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    for (const id of accountsOf(entry.principal)) this.byAccount.get(id)?.delete(tokenHash);
    if (entry.principal.profile) this.byRole.get(entry.principal.profile.role.id)?.delete(tokenHash);
  }
}

/** The account of a token and those whose sessions it came from. */
const accountsOf = (p: Principal): number[] =>
  [p.accountId, p.impersonatorAccountId, p.rootImpersonatorAccountId].filter(
    (id): id is number => typeof id === 'number',
  );

function addTo(index: Map<number, Set<string>>, key: number, tokenHash: string): void {
  const hashes = index.get(key) ?? new Set();
  hashes.add(tokenHash);
  index.set(key, hashes);
}
