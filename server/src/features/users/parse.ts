import type { z } from 'zod';
import { VALIDATION } from '@portal/contracts';
import { badRequest } from '../../lib/errors';

/**
 * Validates a body whose schema depends on the request (a query flag, an objectType), with the
 * same `400 { error, fields }` answer as the route-level validation of plugins/errors.ts.
 */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  // Field names come from the request (record keys): no inherited `constructor` may hide one.
  const fields: Record<string, string> = Object.create(null);
  for (const issue of parsed.error.issues) {
    const name = issue.path.length > 0 ? issue.path.join('.') : 'body';
    if (!Object.hasOwn(fields, name)) fields[name] = issue.message;
  }
  const [field, message] = Object.entries(fields)[0] ?? ['body', VALIDATION.invalidBody];
  throw badRequest(/required|mandatory/i.test(message) ? message : `${field}: ${message}`, fields);
}
