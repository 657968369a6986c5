import { type Candidate, type CatalogueProduct, productsFor } from '@rtb/rtb';
import type { UserProfiles } from '../audiences/profile-store';
import type { ProductCatalogue } from './product-catalogue';

/** What dynamic banners show one visitor during one bid request. */
export interface VisitorProducts {
  /** `MatchContext.productsOf`: the ids a dynamic banner of the advertiser showing `count` would show. */
  productsOf(advertiserId: number, count: number): readonly string[];
  /** A candidate's products as they were when it was matched (the catalogue may change meanwhile). */
  productsOfCandidate(candidate: Candidate): CatalogueProduct[];
}

/**
 * The visitor's products at each shop (issue 15 item 4): from their profile there, the last
 * viewed then the most viewed that the catalogue has loaded and may show (`productsFor`), worked
 * out once per advertiser and count for the request. Asking about a product the catalogue lacks
 * queues it for loading, so the visitor's next request may show it.
 */
export function visitorProducts(profiles: UserProfiles, catalogue: ProductCatalogue): VisitorProducts {
  const picked = new Map<string, string[]>();
  const products = new Map<string, CatalogueProduct>();
  const keyOf = (advertiserId: number, id: string | number) => `${advertiserId}:${id}`;
  return {
    productsOf(advertiserId, count) {
      const key = keyOf(advertiserId, count);
      let ids = picked.get(key);
      if (!ids) {
        const profile = profiles.get(advertiserId);
        ids = profile ? productsFor(profile, count, (id) => catalogue.isAvailable(advertiserId, id)) : [];
        // Taken now, with no wait since they were found available: the same entries.
        for (const id of ids)
          products.set(keyOf(advertiserId, id), catalogue.get(advertiserId, id) as CatalogueProduct);
        picked.set(key, ids);
      }
      return ids;
    },
    productsOfCandidate({ campaign, products: ids }) {
      return ids.flatMap((id) => products.get(keyOf(campaign.advertiserId, id)) ?? []);
    },
  };
}
