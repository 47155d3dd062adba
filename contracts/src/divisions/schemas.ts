import { z } from 'zod';
import { RowRights, SaveId, objectTypeOf, optionalText, requiredText } from '../common/schemas';

/** Divisions (administration document, "Divisions"): settings objects of type Division. */
export const DIVISION_OBJECT_TYPE = 'Division';

/** POST /api/Setting with objectType Division: create (no id) or update (id). */
export const DivisionSaveBody = z.object({
  objectType: objectTypeOf(DIVISION_OBJECT_TYPE, ['DIVISION', 'Divisions']),
  id: SaveId,
  name: requiredText(200, 'Name'),
  displayName: optionalText(200),
  acronymCode: optionalText(20),
  /** The spec's spelling; acronymCode wins when both are sent. */
  acronym_code: optionalText(20),
  description: optionalText(2000),
  attributeForm: optionalText(200_000),
  attribute_form: optionalText(200_000),
  tenantId: z.number().optional(),
});
export type DivisionSaveBody = z.input<typeof DivisionSaveBody>;

export const DivisionRow = z.object({
  id: z.number(),
  objectType: z.literal(DIVISION_OBJECT_TYPE),
  tenantId: z.literal(2),
  name: z.string(),
  displayName: z.string().nullable(),
  acronymCode: z.string().nullable(),
  /** The code certificate numbers print: the acronym, else derived from the name (LIF, LIF2...). */
  code: z.string(),
  description: z.string().nullable(),
  attributeForm: z.string().nullable(),
  status: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  /** The spec's settings envelope (section 3) serialised: snake_case fields plus metadata []. */
  settingWithMetadata: z.string(),
  can: RowRights,
});
export type DivisionRow = z.infer<typeof DivisionRow>;

export const DivisionOption = z.object({ id: z.number(), name: z.string(), acronymCode: z.string().nullable() });
export type DivisionOption = z.infer<typeof DivisionOption>;
