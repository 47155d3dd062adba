// Templates of a new operational area's contracts: its zod schemas, its texts, its policy (the
// `can` flags of a record from the caller's role and the record's facts) and the policy's test.

/** The second argument: the names operational.mjs derives from the area (row type, texts constant, policy function, API path). */
export function operationalContractsTemplates(a, { row, text, can, api }) {
  return [
    {
      path: `contracts/src/${a.camel}/schemas.ts`,
      content: `import { z } from 'zod';
import { Id, optionalText, pagingFields, RowRights, requiredText, SaveId } from '../common/schemas';

/** The filter bar of ${a.title} (GET /api${api} and /count): name contains, active or archived. */
export const ${a.singularPascal}Filter = z.object({
  search: z.string().trim().max(200).optional(),
  active: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type ${a.singularPascal}Filter = z.input<typeof ${a.singularPascal}Filter>;

/** GET /api${api}: the filter, then the page (offset, limit; -1/-1 for everything). */
export const ${a.singularPascal}ListQuery = ${a.singularPascal}Filter.extend(pagingFields({ limit: 15 }));
export type ${a.singularPascal}ListQuery = z.output<typeof ${a.singularPascal}ListQuery>;

export const ${a.singularPascal}IdParams = z.object({ id: Id });

/** POST /api${api}: create (no id) or update (id) one ${a.singularTitle.toLowerCase()}. */
export const ${a.singularPascal}SaveBody = z.object({
  id: SaveId,
  name: requiredText(200, 'Name'),
  description: optionalText(2000),
});
export type ${a.singularPascal}SaveBody = z.input<typeof ${a.singularPascal}SaveBody>;

export const ${row} = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  /** From the area's policy (policy.ts): the server answers and enforces it, the web reads it. */
  can: RowRights,
});
export type ${row} = z.infer<typeof ${row}>;
`,
    },
    {
      path: `contracts/src/${a.camel}/messages.ts`,
      content: `/** The texts of ${a.title} (replace the ones marked "(ours)" with the spec's). */
export const ${text} = {
  // (ours)
  loadError: 'Error while loading ${a.title}',
  saveError: 'Error while saving ${a.singularTitle}',
  deleteError: 'Error while deleting ${a.singularTitle}',
  saved: 'Data saved successfully',
  deleteConfirm: 'Are you sure want to delete the ${a.singularTitle}?',
  archived: '${a.singularTitle} Archived successfully',
  notFound: '${a.singularTitle} not found',
  notActive: 'This ${a.singularTitle.toLowerCase()} is archived and can no longer be changed',
  empty: 'No ${a.title.toLowerCase()} yet',
  showActive: 'Show Active',
  showInactive: 'Show Inactive',
} as const;
`,
    },
    {
      path: `contracts/src/${a.camel}/policy.ts`,
      content: `import { can, type Permission } from '../permissions';
import type { Role } from '../roles';

/**
 * The ${a.title} policy (DECISIONS 4): from the caller's role and a record's facts to the
 * record's \`can\` flags. The server answers them on every row and refuses with the same rule;
 * the web reads them and never names a role. Add the spec's record rules here (and to policy.test.ts).
 */
export const ${a.constant}_ROW_ACTIONS = ['edit', 'delete'] as const;
export type ${a.singularPascal}RowAction = (typeof ${a.constant}_ROW_ACTIONS)[number];
export const ${a.constant}_ACTION_PERMISSION = {
  edit: '${a.camel}.write',
  delete: '${a.camel}.write',
} as const satisfies Record<${a.singularPascal}RowAction, Permission>;

export interface ${a.singularPascal}Facts {
  /** 1 active; anything else archived: then nothing changes it. */
  status: number;
}

export function ${can}(role: Role | null | undefined, record: ${a.singularPascal}Facts): Record<${a.singularPascal}RowAction, boolean> {
  const active = record.status === 1;
  return {
    edit: active && can(role, ${a.constant}_ACTION_PERMISSION.edit),
    delete: active && can(role, ${a.constant}_ACTION_PERMISSION.delete),
  };
}
`,
    },
    {
      path: `contracts/src/${a.camel}/policy.test.ts`,
      content: `import { describe, expect, it } from 'vitest';
import { can } from '../permissions';
import { ROLES } from '../roles';
import { ${a.constant}_ACTION_PERMISSION, ${a.constant}_ROW_ACTIONS, ${can} } from './policy';

describe('${a.title} policy', () => {
  it('grants each action on an active record exactly to the roles of its registry permission', () => {
    for (const action of ${a.constant}_ROW_ACTIONS)
      for (const role of ROLES)
        expect(${can}(role, { status: 1 })[action], \`\${action} for \${role}\`).toBe(can(role, ${a.constant}_ACTION_PERMISSION[action]));
  });

  it('grants nothing on an archived record', () => {
    for (const role of ROLES) expect(${can}(role, { status: 0 })).toEqual({ edit: false, delete: false });
  });
});
`,
    },
  ];
}
