export type { ProductTagActivityOf } from './products/ports';
export { productOfTypeAmong, productsViewStatus, productTitles } from './products/service';
