/**
 * The unique index a PostgreSQL error 23505 names, looking through wrapped causes (drizzle wraps the driver's
 * error); null for any other error. Two writers racing past a uniqueness check meet the index, and the loser
 * should get the same 400 as the check's.
 */
export function uniqueConstraintOf(error: unknown): string | null {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') return constraint;
  }
  return null;
}
