import { z } from 'zod';

/** Error body of every refusal (DECISIONS section 1). */
export const ErrorBody = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The largest id a database integer column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * A positive database id in a path or query parameter: plain decimal digits only, so `+1`,
 * ` 1`, `0x10` or `1e3` are 400 instead of quietly meaning 1, 1, 16 or 1000.
 */
export const Id = z
  .string()
  .regex(/^[0-9]+$/, 'must be an id (digits only)')
  .transform(Number)
  .pipe(z.number().int().positive('must be an id (1 or more)').max(MAX_ID, 'is not a valid id'));

/** Offset/limit paging; -1/-1 means "everything" (exports). */
export const Paging = z.object({
  offset: z.coerce.number().int().min(-1).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(-1).max(100_000).default(50),
});
export type Paging = z.infer<typeof Paging>;

/** Trimmed text with a length limit; empty becomes undefined. */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => s.trim())
    .transform((s) => (s === '' ? undefined : s))
    .nullish();

export const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, `${label} is required`).max(max, `${label} is too long`));

export const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email('Email is not a valid address'));

const idListInput = z.union([
  z.string({ error: 'must be a comma-separated list of ids' }).max(20_000),
  z.array(z.coerce.number().int().positive().max(MAX_ID, 'is not a valid id')).max(5_000),
  z.null(),
]);

function toIds(value: string | number[], ctx: z.RefinementCtx): number[] {
  if (Array.isArray(value)) return [...new Set(value)];
  const ids = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map(Number);
  if (ids.some((n) => !Number.isInteger(n) || n <= 0 || n > MAX_ID)) {
    ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of ids' });
    return z.NEVER;
  }
  return [...new Set(ids)];
}

/** A comma list of ids ("1,2,3") or an array of ids, normalised to an array; absent, null or '' is []. */
export const IdList = idListInput
  .optional()
  .transform((value, ctx) => (value === null || value === undefined || value === '' ? ([] as number[]) : toIds(value, ctx)));

/**
 * The same for updates where an absent list keeps what is stored: absent is undefined, while
 * null or '' clears the list.
 */
export const KeptIdList = idListInput
  .optional()
  .transform((value, ctx) => (value === undefined ? undefined : value === null || value === '' ? ([] as number[]) : toIds(value, ctx)));

export const TimeZone = z.string().max(64).optional().nullable();
