/**
 * A domain and every parent domain it is a subdomain of: `shop.example.com` gives
 * `shop.example.com`, `example.com`, `com`. A list entry matches a domain when it is one of them.
 */
export function domainWithParents(domain: string): string[] {
  const names = [domain];
  for (let dot = domain.indexOf('.'); dot !== -1; dot = domain.indexOf('.', dot + 1))
    names.push(domain.slice(dot + 1));
  return names;
}

/** Whether `domain` (given as `domainWithParents`) equals or is a subdomain of an entry of `list`. */
export function domainListed(domainAndParents: readonly string[], list: ReadonlySet<string>): boolean {
  for (const name of domainAndParents) if (list.has(name)) return true;
  return false;
}
