import { z } from 'zod';
import { domainMessages } from './domains-messages';

export const DOMAIN_LIST_MAX = 10_000;
/** Invalid lines named one by one; the rest are counted. */
const NAMED_INVALID_LINES = 20;

const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const bundleLabel = /^[a-z0-9_][a-z0-9_-]{0,62}$/;
const asciiHost = /^[a-z0-9._-]+$/;

/**
 * A pasted line as the bidder compares it: lower case, without scheme, `www.`, `*.`, port,
 * path or trailing dot; international names in punycode. A site domain (`shop.example.com`)
 * or an app bundle (`com.example.app`, `id1234567`); null when it is neither.
 */
export function normaliseDomain(line: string): string | null {
  let value = line.trim().toLowerCase();
  if (!value) return null;
  // App Store ids ('id1234567') and bundles ('com.example.App') are names, not hosts.
  if (/^id\d{3,12}$/.test(value)) return value;
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\*\./, '');
  value = value.split(/[/?#]/, 1)[0] ?? '';
  value = value.replace(/:\d+$/, '').replace(/\.$/, '');
  // Plain ASCII names (nearly every bid request's) are their own host name; the URL parser is
  // for international names and anything odd.
  let host = value;
  if (!asciiHost.test(value))
    try {
      host = new URL(`http://${value}`).hostname;
    } catch {
      return null;
    }
  host = host.replace(/^www\./, '');
  const labels = host.split('.');
  if (labels.length < 2 || host.length > 253) return null;
  if (/^\d+$/.test(labels.at(-1) ?? '')) return null; // an IP address is not a domain
  if (labels.every((part) => label.test(part))) return host;
  return labels.every((part) => bundleLabel.test(part)) ? host : null;
}

export type DomainListResult = { domains: string[]; invalid: { line: number; value: string }[] };

/** Normalises pasted lines, keeps each domain once (in first-seen order), names the bad ones. */
export function normaliseDomainList(lines: readonly string[]): DomainListResult {
  const domains = new Set<string>();
  const invalid: DomainListResult['invalid'] = [];
  lines.forEach((raw, index) => {
    if (!raw.trim()) return;
    const domain = normaliseDomain(raw);
    if (domain) domains.add(domain);
    else invalid.push({ line: index + 1, value: raw.trim().slice(0, 100) });
  });
  return { domains: [...domains], invalid };
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

/**
 * An error of a pasted list: its code of the error table with the values its text names (written
 * out here, as this file is below the table; error-codes.test.ts checks it is the text's), and
 * the spec's text.
 */
export interface DomainListIssue {
  code: 'domains.invalid_domain' | 'domains.more_invalid_domains' | 'domains.too_many_domains';
  params: Record<string, string | number>;
  message: string;
}

const issue = (
  code: DomainListIssue['code'],
  text: string,
  params: Record<string, string | number>,
): DomainListIssue => ({ code, params, message: fill(text, params) });

/** The errors of a pasted list: each bad line by number (the first 20), then a count. */
export function domainListIssues(result: DomainListResult): DomainListIssue[] {
  const issues = result.invalid
    .slice(0, NAMED_INVALID_LINES)
    .map((bad) =>
      issue('domains.invalid_domain', domainMessages.invalidDomain, { line: bad.line, value: bad.value }),
    );
  const more = result.invalid.length - NAMED_INVALID_LINES;
  if (more > 0)
    issues.push(issue('domains.more_invalid_domains', domainMessages.moreInvalidDomains, { count: more }));
  if (result.domains.length > DOMAIN_LIST_MAX)
    issues.push(issue('domains.too_many_domains', domainMessages.tooManyDomains, { max: DOMAIN_LIST_MAX }));
  return issues;
}

/** The field errors of a pasted list, as the spec's texts. */
export const domainListErrors = (result: DomainListResult): string[] =>
  domainListIssues(result).map((found) => found.message);

/** A list of pasted lines (site domains or app bundles), normalised and deduplicated. */
export const domainListField = z
  .array(z.string().max(2048))
  .max(DOMAIN_LIST_MAX * 2)
  .transform((lines, ctx) => {
    const result = normaliseDomainList(lines);
    for (const message of domainListErrors(result)) ctx.addIssue({ code: 'custom', message });
    return result.domains;
  });

/**
 * The App Store id a report's domain is, or null: events recorded before apps were named in
 * reports keep an iOS app's numeric bundle ('1234567890') as their domain; the panels and
 * exports call it 'App 1234567890 (App Store)' rather than show a bare number.
 */
export function appStoreIdOf(domain: string | null): string | null {
  return domain !== null && /^\d{1,20}$/.test(domain) ? domain : null;
}
