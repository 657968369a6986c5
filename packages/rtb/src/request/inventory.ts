import { normaliseDomain } from '@rtb/shared';
import type { InventoryFacts } from '../types';
import { addCategories } from './categories';
import { type JsonObject, optionalObject, optionalString, optionalStrings } from './fields';

const PAGE_CAP = 2048;
// App Store ids as exchanges send them in `bundle` ('628677149'): a name, not a domain.
const numericBundle = /^\d{1,20}$/;
const categoryKeys = ['cat', 'sectioncat', 'pagecat'] as const;

/** Where the impression is: `site` or `app` (at most one: checked by the caller), else an unknown site. */
export function readInventory(site: JsonObject | null, app: JsonObject | null): InventoryFacts {
  if (app) {
    const publisher = optionalObject(app, 'publisher', 'app');
    return {
      kind: 'app',
      domain:
        appBundle(optionalString(app, 'bundle', 'app')) ??
        domainOf(optionalString(app, 'domain', 'app')) ??
        domainOf(optionalString(app, 'storeurl', 'app', PAGE_CAP)),
      categories: categoriesOf(app, publisher, 'app'),
      page: null,
    };
  }
  if (site) {
    const publisher = optionalObject(site, 'publisher', 'site');
    const page = optionalString(site, 'page', 'site', PAGE_CAP);
    return {
      kind: 'site',
      domain:
        domainOf(optionalString(site, 'domain', 'site')) ??
        domainOf(page) ??
        domainOf(optionalString(publisher, 'domain', 'site.publisher')),
      categories: categoriesOf(site, publisher, 'site'),
      page,
    };
  }
  return { kind: 'site', domain: null, categories: [], page: null };
}

function domainOf(value: string | null): string | null {
  return value === null ? null : normaliseDomain(value);
}

/** A bundle ('com.example.app') as campaigns list it, or an App Store id as it is. */
function appBundle(value: string | null): string | null {
  if (value === null) return null;
  return numericBundle.test(value) ? value : normaliseDomain(value);
}

/** `cat`, `sectioncat` and `pagecat` of the site or app and `cat` of its publisher, each once. */
function categoriesOf(inventory: JsonObject, publisher: JsonObject | null, path: 'site' | 'app'): string[] {
  const categories = new Set<string>();
  for (const key of categoryKeys) addCategories(categories, optionalStrings(inventory, key, path));
  addCategories(categories, optionalStrings(publisher, 'cat', `${path}.publisher`));
  return [...categories];
}
