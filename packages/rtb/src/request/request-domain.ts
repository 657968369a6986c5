import { normaliseDomain } from '@rtb/shared';
import { keepRecent } from './recent-values';

/** Traffic repeats its sites, apps and blocked advertisers: this many answers are kept. */
const CACHE_SIZE = 4096;

/** `normaliseDomain` of a request's domain, page, bundle or `badv` entry (its regular expressions run once per value). */
export const requestDomain = keepRecent(normaliseDomain, CACHE_SIZE);
