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

/** 'nextDueDate' or 'next_due_date' as words: 'next due date'. */
const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
const singular = (name: string) => (/[^s]s$/.test(name) ? name.slice(0, -1) : name);

/**
 * A field's path as a person says it (no `samples[0].result`, no `samples.0.result`):
 * 'Result of sample 1', 'Key of field 3 of form json', 'Division id 2'.
 */
export function fieldLabel(name: string): string {
  const parts = name.split('.').filter((p) => p !== '');
  if (parts.length === 0) return 'The request';
  const said: string[] = [];
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    if (/^\d+$/.test(part)) {
      const owner = i > 0 ? singular(words(parts[i - 1])) : 'item';
      said.push(`${owner} ${Number(part) + 1}`);
      i--;
    } else said.push(words(part));
  }
  const text = said.join(' of ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The one shape of a 400 for bad input: `{ error, fields }` with the first message of each
 * field (keyed by its path, for the screens that mark their inputs), and `error` naming the
 * first field in words unless its message already says what is wrong ("... is required",
 * "... is mandatory").
 */
export function validationAnswer(issues: readonly ValidationIssue[]): { error: string; fields: Record<string, string> } {
  // Field names come from the request (record keys): no inherited `constructor` may hide one.
  const fields: Record<string, string> = Object.create(null);
  for (const issue of issues) {
    const name = fieldName(issue);
    if (!Object.hasOwn(fields, name)) fields[name] = issue.message ?? 'is not valid';
  }
  const [field, message] = Object.entries(fields)[0] ?? ['body', VALIDATION.invalidBody];
  const error = field === 'body' || /required|mandatory/i.test(message) ? message : `${fieldLabel(field)}: ${message}`;
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
