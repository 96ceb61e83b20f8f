/** Request-shape limits shared by the server and the web client (browser-safe). */

/** The most calls one tRPC batch may carry: the busiest screen needs fewer, and a bigger batch is refused (400). */
export const MAX_TRPC_BATCH = 10
