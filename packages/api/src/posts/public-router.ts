/** Procedures visitors use to read published posts (issue: reading). */
export const publicPostProcedures = {}
