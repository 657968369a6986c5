/**
 * What a banner shows for a product image that cannot be had (the shop's server down, not an
 * image): a neutral grey square with a picture mark, no words, scaled to the image's box. Sent with
 * the 404, so a browser shows it instead of its broken-image icon and the alt text.
 */
export const PRODUCT_IMAGE_PLACEHOLDER = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" preserveAspectRatio="xMidYMid meet">' +
    '<rect width="96" height="96" fill="#e5e7eb"/>' +
    '<path d="M26 66l15-19 11 13 8-9 10 15z" fill="#9ca3af"/>' +
    '<circle cx="60" cy="36" r="6" fill="#9ca3af"/>' +
    '</svg>',
);
