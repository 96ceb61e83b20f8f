// Loaded when the visitor starts or sends a comment (comment-form.tsx): the schema brings zod, which a story's
// first load does without.
export { submitCommentInput } from '@wayfarer/api/schemas'
