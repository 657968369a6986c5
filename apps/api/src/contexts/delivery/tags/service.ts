/**
 * What other modules use of the tag (the events it records are `@rtb/delivery`'s): the
 * integration status asks for the tags area; the product browser shows what the tag saw of a
 * product.
 */
export { productTagActivity } from './product-activity';
export { tagsViewStatuses } from './view-status';
