import type { InventoryFacts } from '../types';
import { addCategories } from './categories';
import { type JsonObject, optionalObject, optionalString, optionalStrings } from './fields';
import { requestDomain } from './request-domain';

const PAGE_CAP = 2048;
/** An app's name as reports keep it at most (beside its id, within the rollups' key). */
const NAME_CAP = 200;
// App Store ids as exchanges send them in `bundle` ('628677149'): a name, not a domain.
const numericBundle = /^\d{1,20}$/;
const categoryKeys = ['cat', 'sectioncat', 'pagecat'] as const;

/** Where the impression is: `site` or `app` (at most one: checked by the caller), else an unknown site. */
export function readInventory(site: JsonObject | null, app: JsonObject | null): InventoryFacts {
  if (app) {
    const publisher = optionalObject(app, 'publisher', 'app');
    const bundle = appBundle(optionalString(app, 'bundle', 'app'));
    const domain = domainOf(optionalString(app, 'domain', 'app'));
    const store = domainOf(optionalString(app, 'storeurl', 'app', PAGE_CAP));
    return {
      kind: 'app',
      domain: bundle ?? domain ?? store,
      reportName: appReportName(bundle, nameOf(app) || domain, store),
      categories: categoriesOf(app, publisher, 'app'),
      page: null,
    };
  }
  if (site) {
    const publisher = optionalObject(site, 'publisher', 'site');
    const page = optionalString(site, 'page', 'site', PAGE_CAP);
    const domain =
      domainOf(optionalString(site, 'domain', 'site')) ??
      domainOf(page) ??
      domainOf(optionalString(publisher, 'domain', 'site.publisher'));
    return {
      kind: 'site',
      domain,
      reportName: domain,
      categories: categoriesOf(site, publisher, 'site'),
      page,
    };
  }
  return { kind: 'site', domain: null, reportName: null, categories: [], page: null };
}

/**
 * What reports call an app: its bundle ('com.example.game'); beside a numeric App Store id, the
 * app's name (else its domain) with the id ('Example Game (1234567890)'), as the id alone says
 * nothing to a reader; without a bundle, its name, domain or store host.
 */
function appReportName(bundle: string | null, name: string | null, store: string | null): string | null {
  if (bundle !== null && !numericBundle.test(bundle)) return bundle;
  if (bundle !== null) return name ? `${name} (${bundle})` : bundle;
  return name || store;
}

/** The app's `name`, trimmed and capped; not a reason to refuse the request when it is not text. */
function nameOf(app: JsonObject): string | null {
  const name = app.name;
  return typeof name === 'string' ? name.trim().slice(0, NAME_CAP) || null : null;
}

function domainOf(value: string | null): string | null {
  return value === null ? null : requestDomain(value);
}

/** A bundle ('com.example.app') as campaigns list it, or an App Store id as it is. */
function appBundle(value: string | null): string | null {
  if (value === null) return null;
  return numericBundle.test(value) ? value : requestDomain(value);
}

/** `cat`, `sectioncat` and `pagecat` of the site or app and `cat` of its publisher, each once. */
function categoriesOf(inventory: JsonObject, publisher: JsonObject | null, path: 'site' | 'app'): string[] {
  const categories = new Set<string>();
  for (const key of categoryKeys) addCategories(categories, optionalStrings(inventory, key, path));
  addCategories(categories, optionalStrings(publisher, 'cat', `${path}.publisher`));
  return [...categories];
}
