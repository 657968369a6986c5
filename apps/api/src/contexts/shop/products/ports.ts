import type { ProductTagActivity } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';

/**
 * What the shop tag saw of a product. The tag belongs to delivery, which builds on the shop (it
 * reads products to build profiles), so it is handed in when the process starts (create-deps).
 */
export type ProductTagActivityOf = (
  deps: AppDeps,
  advertiserId: number,
  productId: string,
) => Promise<ProductTagActivity>;

declare module '../../../core/deps' {
  interface AppDeps {
    productTagActivity: ProductTagActivityOf;
  }
}
