/** Procedures the signed-in owner uses to write posts (issue: authoring). */
export const adminPostProcedures = {}
