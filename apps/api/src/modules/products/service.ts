/**
 * What other modules use of products: the integration status's products area, and for the
 * image proxy, whose a product is and its image URL, and the path it is served at.
 */
export { productImagePath } from './image-path';
export { productImageSource } from './list-products';
export { productsViewStatus } from './view-status';
