import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { VALIDATION } from '@portal/contracts';
import { badRequest } from './errors';
import { containsNul } from './nul';

/**
 * The spec's "filter header JSON": a `filter` query parameter or `filter` request header,
 * both percent-encoded UTF-8 JSON (DECISIONS 1). Unknown keys are refused with 400
 * (the schemas are strict objects).
 */
export function readFilter<S extends z.ZodType>(request: FastifyRequest, schema: S): z.output<S> {
  const query = (request.query as Record<string, unknown> | undefined)?.filter;
  const header = request.headers.filter;
  const headerValue = Array.isArray(header) ? header[0] : header;
  // A query value was already decoded by the router; a header value is still percent-encoded.
  const raw = typeof query === 'string' ? query : headerValue !== undefined ? decodeHeader(headerValue) : undefined;
  let value: unknown = {};
  if (raw !== undefined && raw !== '') {
    if (raw.length > 20_000) throw badRequest(VALIDATION.invalidFilter);
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest(VALIDATION.invalidFilter);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest(VALIDATION.invalidFilter);
  if (containsNul(value)) throw badRequest(VALIDATION.nulCharacter);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue.code === 'unrecognized_keys') throw badRequest(VALIDATION.unknownFilterKey(issue.keys.join(', ')));
    const field = issue.path.join('.') || 'filter';
    throw badRequest(`${field}: ${issue.message}`, { [field]: issue.message });
  }
  return parsed.data;
}

function decodeHeader(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest(VALIDATION.invalidFilter);
  }
}
