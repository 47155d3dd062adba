import type { z } from 'zod';
import { VALIDATION } from '@portal/contracts';
import { badRequest } from '../../lib/errors';

/**
 * Validates a body that reached us through a generic route (POST /api/Setting passes the raw
 * body on), answering 400 `{ error, fields }` worded like the route-level validation in
 * plugins/errors.ts.
 */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  // Field names come from the request (record keys): no inherited `constructor` may hide one.
  const fields: Record<string, string> = Object.create(null);
  for (const issue of parsed.error.issues) {
    const name = issue.path.map(String).join('.') || 'body';
    if (!Object.hasOwn(fields, name)) fields[name] = issue.message;
  }
  const [field, message] = Object.entries(fields)[0] ?? ['body', VALIDATION.invalidBody];
  throw badRequest(/required|mandatory/i.test(message) ? message : `${field}: ${message}`, fields);
}
