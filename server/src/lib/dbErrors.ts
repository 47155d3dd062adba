/** The driver's error behind Drizzle's wrapper (PGlite and node-postgres both put `code` on it). */
function* causes(error: unknown): Generator<{ code?: unknown; constraint?: unknown; message?: unknown }> {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as { code?: unknown; constraint?: unknown; message?: unknown };
  }
}

/** A PostgreSQL data exception (class 22: a number out of range, text it cannot store...). */
export function dataException(error: unknown): boolean {
  for (const e of causes(error)) if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  return false;
}

/** A unique violation (23505) of the named constraint or unique index. */
export function uniqueViolation(error: unknown, constraint: string): boolean {
  for (const e of causes(error)) {
    if (e.code !== '23505') continue;
    // node-postgres names the constraint; PGlite may only mention it in the message.
    if (e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(`"${constraint}"`))) return true;
  }
  return false;
}
