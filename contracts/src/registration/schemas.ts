import { z } from 'zod';
import { MAX_ID, optionalText, pagingFields, requiredText } from '../common/schemas';

/** Customer Registration (administration document "Customer registration"; DECISIONS 3 and 10). */

/** 0 Lite User, 1 Non Lite User. */
export const SOURCE_TYPES = [
  { value: 0, label: 'Lite User' },
  { value: 1, label: 'Non Lite User' },
] as const;
export const sourceTypeLabel = (value: number) => (value === 1 ? 'Non Lite User' : 'Lite User');

/** Project phases; INTERIOR is listed but disabled. */
export const PROJECT_PHASES = ['STRUCTURAL', 'FINISHING', 'SNAGGING', 'INTERIOR'] as const;
export const DISABLED_PROJECT_PHASES: readonly string[] = ['INTERIOR'];
export const SELECTABLE_PROJECT_PHASES = ['STRUCTURAL', 'FINISHING', 'SNAGGING'] as const;

/** currentstate: 1 Active, otherwise Inactive. */
export const currentStateLabel = (value: number) => (value === 1 ? 'Active' : 'Inactive');

/** Namespace names: lower-case letters, digits and hyphens, 3 to 30, not a reserved word. */
export const NAMESPACE_PATTERN = /^[a-z0-9-]{3,30}$/;
export const RESERVED_NAMESPACES: readonly string[] = ['api', 'www', 'admin', 'verify', 'login'];

/** The administrator's e-mail of a namespace (DECISIONS 3): read-only in the panel. */
export const namespaceAdminEmail = (namespace: string, domain: string) => `${namespace}@${domain}`;

/** The logo limits (administration document, section 9). */
export const LOGO_MAX_BYTES = 5_242_880;

const Namespace = z
  .string({ error: 'NameSpace is required' })
  .trim()
  .pipe(
    z
      .string()
      .min(1, 'NameSpace is required')
      .regex(NAMESPACE_PATTERN, 'NameSpace: 3 to 30 lower-case letters, digits or hyphens')
      .refine((value) => !RESERVED_NAMESPACES.includes(value), { message: 'NameSpace is a reserved word' }),
  );

const Website = optionalText(200);

const fields = {
  name: requiredText(100, 'Customer Name'),
  mobilenumber: optionalText(30).refine((v) => v == null || /^[0-9+()\-\s]{5,30}$/.test(v), 'Mobile Number is not valid'),
  namespace: Namespace,
  companyname: requiredText(150, 'Company Name'),
  companyaddress: optionalText(300),
  companywebsite: Website,
  projectname: optionalText(150),
  projectaddress: optionalText(300),
  projectwebsite: Website,
  projectreraregistration: optionalText(60),
  currentprojectphase: z.enum(SELECTABLE_PROJECT_PHASES, { error: 'Current Project Phase is required' }),
  sourcetype: z.union([z.literal(0), z.literal(1)], { error: 'Customer User Type is required' }),
  userdesignation: optionalText(100),
  /** Derived from the namespace on the server; a value sent is ignored. */
  email: z.string().max(300).nullish(),
};

/** POST /api/CustomerRegistration. */
export const RegistrationCreateBody = z.object(fields);
export type RegistrationCreateBody = z.input<typeof RegistrationCreateBody>;

/** PUT /api/CustomerRegistration: the same payload plus id; currentstate 1 Active, 0 Inactive. */
export const RegistrationUpdateBody = z.object({
  ...fields,
  id: z.number({ error: 'id is required' }).int().positive().max(MAX_ID),
  currentstate: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type RegistrationUpdateBody = z.input<typeof RegistrationUpdateBody>;

/** The columns a list sorts and filters by. */
export const REGISTRATION_COLUMNS = [
  'id',
  'name',
  'companyname',
  'email',
  'mobilenumber',
  'namespace',
  'currentstate',
  'sourcetype',
] as const;
export type RegistrationColumn = (typeof REGISTRATION_COLUMNS)[number];

export const REGISTRATION_PAGE_SIZE = 10;

export const RegistrationListQuery = z.object({
  ...pagingFields({ limit: REGISTRATION_PAGE_SIZE }),
  sortField: z.enum(REGISTRATION_COLUMNS).default('id'),
  sortOrder: z
    .enum(['asc', 'desc', 'ASC', 'DESC'])
    .default('asc')
    .transform((v) => v.toLowerCase() as 'asc' | 'desc'),
});

/** The filter header: one text per column (contains, case-insensitive; Status and Source Type by label). */
export const RegistrationFilter = z.strictObject(
  Object.fromEntries(REGISTRATION_COLUMNS.map((c) => [c, z.string().max(200).optional()])) as Record<
    RegistrationColumn,
    z.ZodOptional<z.ZodString>
  >,
);
export type RegistrationFilter = z.infer<typeof RegistrationFilter>;

export const RegistrationRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  mobilenumber: z.string().nullable(),
  namespace: z.string(),
  companyname: z.string(),
  companyaddress: z.string().nullable(),
  companywebsite: z.string().nullable(),
  projectname: z.string().nullable(),
  projectaddress: z.string().nullable(),
  projectwebsite: z.string().nullable(),
  projectreraregistration: z.string().nullable(),
  currentprojectphase: z.string().nullable(),
  sourcetype: z.number(),
  userdesignation: z.string().nullable(),
  currentstate: z.number(),
  /** Whether a logo is stored (GET getImage/{id} answers it). */
  hasLogo: z.boolean(),
  /** The operator's own namespace: it can not be deactivated. */
  operator: z.boolean(),
  /** What the operator may do with the row (Delete deactivates: not the operator's own, not twice). */
  can: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type RegistrationRow = z.infer<typeof RegistrationRow>;

export const RegistrationList = z.array(RegistrationRow);

/** GET /api/CustomerRegistration/mailDomain: the domain of the administrators' e-mails (DECISIONS 3). */
export const RegistrationMailDomain = z.object({ domain: z.string() });

/** Delete deactivates: offered for an active namespace other than the operator's own. */
export const registrationRowCan = (row: { currentstate: number; operator: boolean }) => ({
  edit: true,
  delete: row.currentstate === 1 && !row.operator,
});

/** uploadImage and getImage: the spec's field names (loComanyLogo as the spec spells it). */
export const RegistrationLogoAnswer = z.object({ fileType: z.string().nullable(), loComanyLogo: z.string().nullable() });
