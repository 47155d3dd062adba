import { z } from 'zod';

/** Error body of every refusal (DECISIONS section 1). */
export const ErrorBody = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A positive database id in a path or query parameter. */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);

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

/** A comma list of ids ("1,2,3") or an array of ids, normalised to an array. */
export const IdList = z
  .union([z.string().max(20_000), z.array(z.coerce.number().int().positive()).max(5_000), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return [] as number[];
    if (Array.isArray(value)) return [...new Set(value)];
    const parts = value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const ids = parts.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of ids' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

export const TimeZone = z.string().max(64).optional().nullable();
