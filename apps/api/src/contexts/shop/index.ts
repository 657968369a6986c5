export type { ProductTagActivityOf } from './products/ports';
export { knownProducts, productOfTypeAmong, productsViewStatus, productTitles } from './products/service';
