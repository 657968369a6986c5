import type { TagProfileEvent } from '@rtb/delivery';
import { makesProfile } from '../audiences/apply-tag-events';
import type { ProductCatalogue } from './product-catalogue';

/** The products viewed in events that make profiles: what dynamic banners will ask the catalogue for. */
function* viewedIn(events: readonly TagProfileEvent[]): Generator<[number, string]> {
  for (const event of events)
    if (event.type === 'viewItem' && makesProfile(event))
      for (const id of event.productIds) yield [event.advertiserId, id];
}

function prefetchAll(catalogue: ProductCatalogue, viewed: Iterable<[number, string]>) {
  const byAdvertiser = new Map<number, string[]>();
  for (const [advertiserId, id] of viewed) {
    const ids = byAdvertiser.get(advertiserId);
    if (ids) ids.push(id);
    else byAdvertiser.set(advertiserId, [id]);
  }
  for (const [advertiserId, ids] of byAdvertiser) catalogue.prefetch(advertiserId, ids);
}

/** Loads the products newly committed events viewed, so the visitor's next bid finds them. */
export function prefetchViewed(catalogue: ProductCatalogue, events: readonly TagProfileEvent[]): void {
  prefetchAll(catalogue, viewedIn(events));
}

/**
 * The latest `limit` products viewed in a stream of events (the start-up rebuild's, oldest
 * first), to warm the catalogue with once it is read: memory holds `limit` ids, whatever the
 * number of events.
 */
export class RecentlyViewed {
  readonly #viewed = new Map<string, [number, string]>();

  constructor(readonly limit: number) {}

  add(events: readonly TagProfileEvent[]): void {
    for (const pair of viewedIn(events)) {
      const key = `${pair[0]}:${pair[1]}`;
      this.#viewed.delete(key);
      this.#viewed.set(key, pair);
      if (this.#viewed.size > this.limit) this.#viewed.delete(this.#viewed.keys().next().value as string);
    }
  }

  prefetchInto(catalogue: ProductCatalogue): void {
    prefetchAll(catalogue, this.#viewed.values());
    this.#viewed.clear();
  }
}
