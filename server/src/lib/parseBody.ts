import type { z } from 'zod';
import { VALIDATION } from '@portal/contracts';
import { badRequest } from './errors';

/** One validation issue, from zod (`path`) or from Fastify's schema validation (`instancePath`). */
export interface ValidationIssue {
  path?: readonly PropertyKey[];
  instancePath?: string;
  message?: string;
}

function fieldName(issue: ValidationIssue): string {
  const name =
    Array.isArray(issue.path) && issue.path.length > 0
      ? issue.path.map(String).join('.')
      : (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return name || 'body';
}

/**
 * The one shape of a 400 for bad input: `{ error, fields }` with the first message of each
 * field, and `error` naming the first field unless its message already says what is wrong
 * ("... is required", "... is mandatory").
 */
export function validationAnswer(issues: readonly ValidationIssue[]): { error: string; fields: Record<string, string> } {
  // Field names come from the request (record keys): no inherited `constructor` may hide one.
  const fields: Record<string, string> = Object.create(null);
  for (const issue of issues) {
    const name = fieldName(issue);
    if (!Object.hasOwn(fields, name)) fields[name] = issue.message ?? 'is not valid';
  }
  const [field, message] = Object.entries(fields)[0] ?? ['body', VALIDATION.invalidBody];
  const error = field === 'body' || /required|mandatory/i.test(message) ? message : `${field}: ${message}`;
  return { error, fields };
}

/**
 * Validates a body whose schema depends on the request (a query flag, an objectType), with the
 * same answer as the route-level validation of plugins/errors.ts.
 */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { error, fields } = validationAnswer(parsed.error.issues);
  throw badRequest(error, fields);
}
