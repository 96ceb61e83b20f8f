/**
 * The largest image an upload may carry (10 MB, docs/product.md "Rules and limits"). One number for the browser's check before sending,
 * the multipart parser's limit and the content validator.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
