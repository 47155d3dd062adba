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

/** Offset/limit query fields with a list's own defaults; -1/-1 means "everything" (exports). */
export const pagingFields = (defaults: { offset?: number; limit?: number } = {}) => ({
  offset: z.coerce
    .number()
    .int()
    .min(-1)
    .max(10_000_000)
    .default(defaults.offset ?? 0),
  limit: z.coerce
    .number()
    .int()
    .min(-1)
    .max(100_000)
    .default(defaults.limit ?? 50),
});

/** Offset/limit paging; -1/-1 means "everything" (exports). */
export const Paging = z.object(pagingFields());
export type Paging = z.infer<typeof Paging>;

/** Trimmed text with a length limit; empty becomes undefined. */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
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

// Shared by the settings and location save bodies.

/** Page sizes of the spec (section 9). The office list answers every office in one go. */
export const ADMIN_PAGE_SIZE = { divisions: 15, roles: 15, offices: 50 } as const;

/** An id in a save body: absent, null, 0 or -1 mean "new"; a positive id updates. */
export const SaveId = z
  .number({ error: 'id must be a number' })
  .int('id must be a whole number')
  .min(-1, 'id is not valid')
  .max(MAX_ID, 'id is not valid')
  .nullish();

/** "<label> is required" when absent, "<label> must be a number" otherwise. */
export const numberError = (label: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
});

/** A number field that a form may send as a numeric string; '' and null mean "not given". */
export const numberFromForm = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (value === '' || value === null) return undefined;
    if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
    return value;
  }, schema);

export const objectTypeOf = (expected: string, aliases: string[] = []) =>
  z
    .string()
    .max(50)
    .refine((v) => [expected, ...aliases].some((name) => name.toLowerCase() === v.trim().toLowerCase()), `must be ${expected}`);

/** The answer of an action that only reports (archive, delete...). */
export const MessageAnswer = z.object({ message: z.string() });

/** `GET /api/health` when the database answers (503 `{ status, error }` when it does not). */
export const HealthAnswer = z.object({ status: z.literal('ok') });
export const HealthDownAnswer = z.object({ status: z.literal('unavailable'), error: z.string() });

/** Record-level rights the UI reads instead of guessing. */
export const RowRights = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  /** An archived settings record the caller may bring back (settings kit). */
  restore: z.boolean().optional(),
});
