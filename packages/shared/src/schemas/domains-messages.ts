/** Texts of a pasted domain list's errors (codes `domains.*` of the error table). */
export const domainMessages = {
  invalidDomain: 'Line {line} is not a domain: {value}.',
  moreInvalidDomains: '{count} more lines are not domains.',
  tooManyDomains: 'At most {max} domains.',
} as const;
