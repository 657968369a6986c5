/**
 * What other modules use of products: the integration status's products area; for the image
 * proxy, whose a product is, its image URL and the path it is served at; for the tag and the
 * audiences, which products a feed has and of which type; for reports, the products' titles.
 */
export { productImageSource } from './list-products';
export { productTitles } from './product-titles';
export { productOfTypeAmong } from './repository';
export { productsViewStatuses } from './view-status';
