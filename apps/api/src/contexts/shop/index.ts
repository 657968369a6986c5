export type { ProductTagActivityOf } from './products/ports';
export { productOfTypeAmong, productsViewStatuses, productTitles } from './products/service';
