import { z } from 'zod';

/**
 * A grid's column state (ours, issue 23): the column order, widths, grouping and hidden
 * columns a user left a screen's grid in, kept on the server per user and screen
 * (`GET`/`PUT /api/profile/grids/{screen}`), so it follows the user to another browser.
 */

/** Names no record key may take (they would reach an object's prototype). */
const PROTO_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** A column's id: letters, digits, '_', '.', '-' (at most 64). */
export const GridColumnId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Invalid column id')
  .refine((id) => !PROTO_NAMES.has(id), 'Invalid column id');

/** A grid screen's name (e.g. `reports`, `assessments`). */
export const GridScreen = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'Invalid screen')
  .refine((id) => !PROTO_NAMES.has(id), 'Invalid screen');

export const GridScreenParams = z.object({ screen: GridScreen });

/** Least and most width of a column, in pixels. */
export const GRID_WIDTH_MIN = 48;
export const GRID_WIDTH_MAX = 1200;
/** At most this many grouping levels. */
export const GRID_GROUPING_MAX = 4;

export const GridState = z.strictObject({
  /** Every column's id in the user's order (columns not named keep their place at the end). */
  order: z.array(GridColumnId).max(100),
  /** Widths the user gave columns (px). */
  widths: z.record(GridColumnId, z.number().int().min(GRID_WIDTH_MIN).max(GRID_WIDTH_MAX)),
  /** Grouping columns, outermost first. */
  grouping: z.array(GridColumnId).max(GRID_GROUPING_MAX),
  /** Columns the user hid (and, for columns hidden by default, `+id` in `shown`). */
  hidden: z.array(GridColumnId).max(100),
  /** Columns hidden by default that the user chose to show. */
  shown: z.array(GridColumnId).max(100).optional(),
});
export type GridState = z.infer<typeof GridState>;

/** `GET /api/profile/grids/{screen}`: the stored state, or null before the first save. */
export const GridStateAnswer = z.object({ screen: z.string(), state: GridState.nullable() });
export type GridStateAnswer = z.infer<typeof GridStateAnswer>;
