import { z } from 'zod';
import { USER_TYPE } from '../roles';
import { USER_STATUS } from '../statuses';
import { Email, IdList, KeptIdList, MAX_ID, requiredText } from '../common/schemas';

/** Users dashboard page size (shell document 9). offset=-1&limit=-1 answers every row (CSV export). */
export const USERS_PAGE_SIZE = 100;

/** A required id in a body: a number or a numeric string; missing, null or '' -> "<label> is required". */
export const requiredId = (label: string) =>
  z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: `${label} is required` });
      return z.NEVER;
    }
    const n = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n <= 0 || n > MAX_ID) {
      ctx.addIssue({ code: 'custom', message: `${label} is not a valid id` });
      return z.NEVER;
    }
    return n;
  });

/** An optional id: absent, null, '', 0 or -1 mean "none" (the spec sends -1 and 0 for new records). */
export const optionalId = (label: string) =>
  z.unknown().transform((value, ctx): number | null => {
    if (value === undefined || value === null || value === '' || value === 0 || value === -1 || value === '0' || value === '-1') {
      return null;
    }
    const n = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n <= 0 || n > MAX_ID) {
      ctx.addIssue({ code: 'custom', message: `${label} is not a valid id` });
      return z.NEVER;
    }
    return n;
  });

/**
 * Optional text of a save body. Absent (undefined) means "keep what is stored" on an update;
 * null or blank means "clear it".
 */
export const clearableText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} is too long`)
    .transform((s): string | null => s.trim() || null)
    .nullish();

/** Filter header JSON of `GET /api/Users` and `/api/Users/count` (strict: unknown keys -> 400). */
export const UserFilter = z
  .object({
    /** Name contains (case-insensitive). */
    name: z.string().max(200).nullish(),
    /** Email contains (case-insensitive). */
    email: z.string().max(254).nullish(),
    /** Role id. */
    role: optionalId('role').optional(),
    /** LO office id: the user's primary or one of the other offices. */
    location: optionalId('location').optional(),
    /** Division id. */
    division: optionalId('division').optional(),
    /** 1 active, -1 removed, -2 archived, -3 suspended; absent or null: all states. */
    status: z
      .union([z.number(), z.string()])
      .transform((v) => (v === '' ? null : Number(v)))
      .refine((v) => v === null || Object.values(USER_STATUS).includes(v as never), 'must be 1, -1, -2 or -3')
      .nullish(),
    /** The Show Active / Show Inactive toggle: true = status 1, false = every other status. */
    active: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((v) => v === true || v === 'true')
      .nullish(),
  })
  .strict();
export type UserFilter = z.output<typeof UserFilter>;

/** `POST /api/Users`: create (no id) or update (id). Comma lists may be strings or arrays. */
export const UserBody = z.object({
  id: optionalId('id').optional(),
  name: requiredText(200, 'Name'),
  email: Email,
  phone: clearableText(50, 'Phone'),
  description: clearableText(1000, 'Description'),
  /** 0 LO, 1 client; the numbers or their strings, nothing else ("", null, true are refused). */
  type: z
    .union([z.literal(USER_TYPE.LO), z.literal(USER_TYPE.CLIENT), z.literal(String(USER_TYPE.LO)), z.literal(String(USER_TYPE.CLIENT))], {
      error: 'User Type must be 0 (LO) or 1 (client)',
    })
    .transform(Number),
  tenantId: z
    .union([
      z.number().int(),
      z
        .string()
        .regex(/^-?\d{1,9}$/)
        .transform(Number),
    ])
    .nullish(),
  roleId: requiredId('Role'),
  /** Client users: the client company. LO users: absent or the LO company (namespace) id. */
  companyId: optionalId('Company').optional(),
  /** LO users: the primary office. */
  officeId: optionalId('Primary Office').optional(),
  secondaryOfficeIds: KeptIdList,
  divisionIds: KeptIdList,
  siteIds: KeptIdList,
  externalId: clearableText(100, 'External Id'),
});
export type UserBody = z.output<typeof UserBody>;
export type UserBodyInput = z.input<typeof UserBody>;

/**
 * What a user of each type needs besides the body's own fields (shell document 5): a client
 * user a company and client sites, an LO user a primary office. The service refuses a save
 * with these messages (users.write.ts) and the Users panel validates with them (UserForm).
 */
export function userTypeRequired(user: {
  type: number;
  companyId?: number | null;
  officeId?: number | null;
  siteIds?: readonly number[];
}): Record<string, string> {
  if (user.type === USER_TYPE.CLIENT) {
    return {
      ...(user.companyId ? {} : { companyId: 'Company is required' }),
      ...((user.siteIds ?? []).length > 0 ? {} : { siteIds: 'Client Sites is required' }),
    };
  }
  return user.officeId ? {} : { officeId: 'Primary Office is required' };
}

/**
 * The add/edit user panel's fields: the save body's rules, a company for every user (the
 * panel's Save waits for it, shell document 5; an LO user's is the LO company) and what the
 * user's type needs (userTypeRequired).
 */
export const UserForm = UserBody.pick({
  name: true,
  email: true,
  phone: true,
  description: true,
  type: true,
  roleId: true,
  officeId: true,
  secondaryOfficeIds: true,
  divisionIds: true,
  siteIds: true,
  externalId: true,
})
  .extend({ companyId: requiredId('Company') })
  .check((payload) => {
    const value = payload.value;
    for (const [field, message] of Object.entries(userTypeRequired(value))) {
      // Company is the field's own rule above.
      if (field !== 'companyId') payload.issues.push({ code: 'custom', message, input: value, path: [field] });
    }
  });
export type UserForm = z.output<typeof UserForm>;

/** `POST /api/Users?isJob=true`: a requester created inline from a job (shell document 3 "New requester"). */
export const RequesterBody = z.object({
  name: requiredText(200, 'Name'),
  email: Email,
  phone: clearableText(50, 'Phone'),
  companyId: requiredId('Client'),
  siteIds: IdList,
  timeZone: z.string().max(64).nullish(),
});
export type RequesterBody = z.output<typeof RequesterBody>;

/** What the caller may do with a row; the UI shows actions from these flags only. */
export const UserActions = z.object({
  edit: z.boolean(),
  remove: z.boolean(),
  archive: z.boolean(),
  suspend: z.boolean(),
  activate: z.boolean(),
});
export type UserActions = z.infer<typeof UserActions>;

/** One row of `GET /api/Users` (also the answer of a save). Comma lists are strings, as in the spec. */
export const UserRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  /** 0 LO user, 1 client user. */
  type: z.number(),
  tenantId: z.number(),
  roleId: z.number(),
  /** The role's name. */
  designation: z.string(),
  /** The portal role constant behind the role (e.g. FIELD-ENGG). */
  role: z.string(),
  /** Client company id (client users) or the LO company (namespace) id (LO users). */
  companyId: z.number().nullable(),
  /** Client company name, or the namespace's company name for LO users. */
  company: z.string().nullable(),
  officeId: z.number().nullable(),
  /** Office names, primary first, comma separated. */
  location: z.string(),
  secondaryOfficeIds: z.string(),
  divisionIds: z.string(),
  /** Division names, comma separated. */
  division: z.string(),
  siteIds: z.string(),
  externalId: z.string().nullable(),
  status: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  /** blobKey of the signature image (GET /api/filedownload?id=), or null. Always null for CLIENT-ADMIN callers. */
  signature: z.string().nullable(),
  can: UserActions,
});
export type UserRow = z.infer<typeof UserRow>;

/** One row of `GET /api/Users/Others` (pickers: active users only). */
export const UserOption = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  type: z.number(),
  roleId: z.number(),
  designation: z.string(),
  role: z.string(),
  companyId: z.number().nullable(),
  officeId: z.number().nullable(),
  secondaryOfficeIds: z.string(),
  divisionIds: z.string(),
  siteIds: z.string(),
});
export type UserOption = z.infer<typeof UserOption>;

/** `GET /api/Users/count`: the number of users the filter matches. */
export const UserCountAnswer = z.number().int();

/** `POST /api/Users/signature/{userId}`: the stored image's key for `GET /api/filedownload?id=`. */
export const SignatureAnswer = z.object({ blobKey: z.string() });

// ---------------------------------------------------------------------------------------------
// My profile (ours; DECISIONS 9: what a certificate prints of its signatories)

export const QUALIFICATIONS_MAX = 200;

/** `GET /api/profile`: the signed-in user's own name, qualifications and signature. */
export const ProfileAnswer = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  qualifications: z.string().nullable(),
  /** blobKey of the signature image, or null. */
  signature: z.string().nullable(),
});
export type ProfileAnswer = z.infer<typeof ProfileAnswer>;

/** `POST /api/profile`: the qualifications printed under one's name on certificates. */
export const ProfileBody = z.object({
  qualifications: z
    .string({ error: 'Qualifications must be text' })
    .trim()
    .max(QUALIFICATIONS_MAX, `Qualifications may be at most ${QUALIFICATIONS_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
});
export type ProfileBody = z.output<typeof ProfileBody>;
