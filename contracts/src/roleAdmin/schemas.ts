import { z } from 'zod';
import { MAX_ID, RowRights, SaveId, numberError, numberFromForm, objectTypeOf, optionalText, requiredText } from '../common/schemas';
import { ROLES_TEXT } from './messages';

/** Roles and their licences (administration document, "Role dashboard"). */
export const ROLE_OBJECT_TYPE = 'ROLE';

/** Licence count -1 means unlimited (administration document, section 5). */
export const LICENCE_UNLIMITED = -1;

/** One client's licence of a client role. clientName is answered and ignored on save. */
export const RoleLicence = z.object({
  clientId: z
    .number(numberError('clientId'))
    .int('clientId is not valid')
    .positive('clientId is not valid')
    .max(MAX_ID, 'clientId is not valid'),
  clientName: z.string().max(300).nullish(),
  clientLicense: numberFromForm(
    z
      .number(numberError('Licence count'))
      .int('Licence count must be a whole number')
      .min(LICENCE_UNLIMITED, 'Licence count must be at least -1 (unlimited)')
      .max(1_000_000, 'Licence count is too large'),
  ),
  /** true: saving re-activates the client's suspended users of the role, as far as the licence allows. */
  isAllUserActive: z.boolean({ error: 'isAllUserActive must be true or false' }).default(false),
});
export type RoleLicence = z.input<typeof RoleLicence>;

/** metaValue: the licences as a JSON string (the spec's form) or as an array. */
export const RoleLicences = z.preprocess((value, ctx) => {
  if (value === '' || value === null) return undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'metaValue is not valid JSON' });
    return z.NEVER;
  }
}, z.array(RoleLicence, { error: 'metaValue must be a list of client licences' }).max(10_000).optional());

/** POST /api/Setting/Others[?isNewConfig=true]: create (no id) or update (id) a role. */
export const RoleSaveBody = z.object({
  id: SaveId,
  objectType: objectTypeOf(ROLE_OBJECT_TYPE, ['Role', 'Roles']).optional(),
  name: requiredText(200, 'Name'),
  acronymCode: optionalText(20),
  description: optionalText(1000),
  /** 0 client role, 1 LO role. Required on create; cannot change afterwards. */
  type: numberFromForm(z.literal([0, 1], { error: 'Type must be 0 (client) or 1 (LO)' }).optional()),
  /**
   * The portal role constant (contracts ROLES, e.g. CLIENT-USER) that decides what users of
   * this role may do. Required on create, of the same type; cannot change afterwards.
   */
  baseRole: z.string().max(50).nullish(),
  metaKey: z.string().max(50).nullish(),
  /** Licences; only CONFIG_ADMIN (roles.licences) may send them. */
  metaValue: RoleLicences,
  tenantId: z.number().optional(),
});
export type RoleSaveBody = z.input<typeof RoleSaveBody>;

/**
 * What a new role needs besides RoleSaveBody: its type and a base role (both fixed
 * afterwards). The service refuses a create without them; the add panel validates with it.
 */
export const RoleNewFields = z.object({
  type: numberFromForm(
    z.literal([0, 1], { error: (issue) => (issue.input === undefined ? ROLES_TEXT.typeRequired : 'Type must be 0 (client) or 1 (LO)') }),
  ),
  baseRole: z.string({ error: ROLES_TEXT.baseRoleRequired }).trim().min(1, ROLES_TEXT.baseRoleRequired).max(50),
});

export const RoleSaveQuery = z.object({ isNewConfig: z.enum(['true', 'false']).optional() });

/** GET /api/Setting/Namespace?objectType=ROLE[&name=] */
export const RoleListQuery = z.object({
  objectType: objectTypeOf(ROLE_OBJECT_TYPE, ['Role', 'Roles']),
  name: z.string().max(200).optional(),
  tenantId: z.coerce.number().int().optional(),
  /** The archived roles instead of the active ones, each with `can.restore` (issue 20, ours). */
  archived: z.enum(['true', 'false', '1', '0']).optional(),
});

export const RoleLicenceRow = z.object({
  clientId: z.number(),
  clientName: z.string(),
  clientLicense: z.number(),
  isAllUserActive: z.boolean(),
});
export type RoleLicenceRow = z.infer<typeof RoleLicenceRow>;

export const RoleRow = z.object({
  id: z.number(),
  objectType: z.literal(ROLE_OBJECT_TYPE),
  name: z.string(),
  acronymCode: z.string().nullable(),
  description: z.string().nullable(),
  type: z.number(),
  baseRole: z.string(),
  /** The namespace's company name: the screen's Customer column. */
  namespace: z.string(),
  tenantId: z.literal(2),
  status: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  /** Only for roles.licences (CONFIG_ADMIN): 'licence' and a JSON string of RoleLicenceRow[] (client roles; '[]' for LO roles). */
  metaKey: z.string().optional(),
  metaValue: z.string().optional(),
  can: RowRights.extend({ licences: z.boolean() }),
});
export type RoleRow = z.infer<typeof RoleRow>;

export const RoleOption = z.object({ id: z.number(), name: z.string(), type: z.number(), baseRole: z.string() });
export type RoleOption = z.infer<typeof RoleOption>;
