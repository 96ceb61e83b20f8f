// Browser-safe entry: the zod schemas and types shared with the web app. Import nothing server-only here.
export * from './auth/schema'
export * from './ai/schema'
export * from './comments/schema'
export * from './posts/public-schema'
export * from './taxonomy/schema'
export * from './site'
export * from './gallery/schema'
export * from './gallery/ai-metadata'
