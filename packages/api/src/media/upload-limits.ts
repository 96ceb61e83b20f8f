/**
 * The largest image an upload may carry (SPEC.md §9: 10MB). One number for the browser's check before sending,
 * the multipart parser's limit and the content validator.
 */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
