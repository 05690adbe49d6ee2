/** Whether a database error (node-postgres or PGlite, possibly wrapped by Drizzle) is a unique-index violation. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || name === undefined || name === constraint;
  }
  return false;
}
