import type { DeliveryDeps } from '@rtb/delivery';
import { catalogueProducts } from '@rtb/delivery';
import type { FastifyBaseLogger } from 'fastify';
import { ProductCatalogue } from './product-catalogue';

/** The catalogue over the products module's feeds (`catalogueProducts`), its failures logged. */
export function createProductCatalogue(deps: DeliveryDeps, maxProducts: number, log: FastifyBaseLogger) {
  return new ProductCatalogue({
    load: (advertiserId, ids) => catalogueProducts(deps.db, advertiserId, ids),
    maxProducts,
    onError: (err) => log.error({ err }, 'product catalogue not loaded'),
  });
}
