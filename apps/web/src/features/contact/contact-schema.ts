// Loaded when the visitor starts or sends a message (contact-form.tsx): the schema brings zod, which the
// contact page's first load does without.
export { contactInput } from '@wayfarer/api/schemas'
