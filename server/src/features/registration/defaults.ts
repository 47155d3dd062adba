import {
  CLIENT_ROLES,
  DASHBOARD_CONFIG_NAME,
  DEFAULT_FEATURES,
  FEATURES_CONFIG_NAME,
  LLG_ASSET_TYPE_NAME,
  LO_ROLES,
  ROLES,
  type Role,
  roleTypeOf,
  SEQUENCE_NAME,
  WEB_ACCESS_CONFIG_NAME,
  type WebAccess,
} from '@portal/contracts';
import { assetTypes, configurations, divisions, numberSequences, offices, roles, taskTypes } from '../../db/schema';
import type { Db } from '../../db/types';
import { derivedCode, typedCode } from '../sequences';

/**
 * What every namespace starts with (DECISIONS 10): its roles, a head office and the LIFTING
 * division (which the sequences and the LLG task type need), the default configuration, the
 * `LLG` asset and task types, and the JOB and CERTIFICATE sequences. Registration calls it in
 * its transaction; the demo seed and the test fixtures create their roles with
 * `insertNamespaceRoles`, so a registered namespace and a demo one have the same roles.
 */

/** The namespace's roles, one per base role: answers their ids by base role. */
export async function insertNamespaceRoles(tx: Db, namespaceId: number): Promise<Record<Role, number>> {
  const rows = await tx
    .insert(roles)
    .values(
      [...LO_ROLES, ...CLIENT_ROLES].map((role) => ({
        namespaceId,
        name: role,
        acronymCode: role.replace(/[^A-Z]/g, '').slice(0, 6),
        type: roleTypeOf(role),
        baseRole: role,
      })),
    )
    .returning({ id: roles.id, baseRole: roles.baseRole });
  return Object.fromEntries(rows.map((r) => [r.baseRole, r.id])) as Record<Role, number>;
}

const everyoneButCorporate = ROLES.filter((r) => r !== 'CORPORATE');

/** A new namespace's web access: asset view, loose gear and assessments on, the LLG task for schedulers. */
export const DEFAULT_WEB_ACCESS: WebAccess & { LLG: { name: string; viewRules: { roles: Role[]; isEnabled: boolean }[] } } = {
  ASSET: { name: 'Assets', viewRules: [{ roles: [...everyoneButCorporate], isEnabled: true }] },
  LOOSEGEAR: { name: 'Loose Gear', viewRules: [{ roles: [...everyoneButCorporate], isEnabled: true }] },
  ASSESSMENT: { name: 'Assessment', viewRules: [{ roles: [...everyoneButCorporate], isEnabled: true }] },
  LLG: { name: 'LLG', viewRules: [{ roles: ['SCHEDULER', 'LO-ADMIN', 'FIELD-ENGG'], isEnabled: true }] },
};

export const DEFAULT_DASHBOARD = {
  tabs: [{ name: 'Overview', url: '/api/dashboard/pages/overview', isEnabled: true, viewRules: [{ roles: ['ALL'] }] }],
};

export const DEFAULT_OFFICE = { name: 'Head Office', code: 'HQ' } as const;
export const DEFAULT_DIVISION = { name: 'LIFTING', code: 'LFT', description: 'Lifting equipment and loose lifting gear (LOLER)' } as const;

/** The `LLG` task type: a job's loose lifting gear task (DECISIONS 8). */
export const LLG_TASK_TYPE = {
  name: 'LLG',
  acronymCode: 'LLG',
  referenceStandard: 'LOLER 1998 Reg. 9',
  inspectionMethod: 'Visual',
  validity: 6,
  reportTemplate: 'LLG_BOOKLET' as const,
  description: "A job's loose lifting gear task",
  checklist: {
    sections: [
      {
        id: 's1-loose-gear-register',
        name: 'Loose gear register',
        items: [
          {
            id: 's1i1-every-item-on-the-register-located',
            name: 'Every item on the register located',
            reportCategory: 'DOCUMENTATION' as const,
          },
          { id: 's1i2-colour-code-for-the-period-applied', name: 'Colour code for the period applied', reportCategory: 'VISUAL' as const },
        ],
      },
    ],
  },
};

export interface NamespaceDefaults {
  roleIds: Record<Role, number>;
  officeId: number;
  divisionId: number;
}

/** Creates the defaults of a new namespace inside the caller's transaction. */
export async function createNamespaceDefaults(tx: Db, namespaceId: number): Promise<NamespaceDefaults> {
  const roleIds = await insertNamespaceRoles(tx, namespaceId);
  const [office] = await tx
    .insert(offices)
    .values({
      namespaceId,
      name: DEFAULT_OFFICE.name,
      acronymCode: DEFAULT_OFFICE.code,
      code: typedCode(DEFAULT_OFFICE.code) ?? derivedCode(DEFAULT_OFFICE.name),
      status: 1,
    })
    .returning({ id: offices.id });
  const [division] = await tx
    .insert(divisions)
    .values({
      namespaceId,
      name: DEFAULT_DIVISION.name,
      displayName: DEFAULT_DIVISION.name,
      acronymCode: DEFAULT_DIVISION.code,
      code: typedCode(DEFAULT_DIVISION.code) ?? derivedCode(DEFAULT_DIVISION.name),
      description: DEFAULT_DIVISION.description,
      status: 1,
    })
    .returning({ id: divisions.id });
  await tx.insert(configurations).values([
    { namespaceId, name: FEATURES_CONFIG_NAME, configJson: DEFAULT_FEATURES },
    { namespaceId, name: WEB_ACCESS_CONFIG_NAME, configJson: DEFAULT_WEB_ACCESS },
    { namespaceId, name: DASHBOARD_CONFIG_NAME, configJson: DEFAULT_DASHBOARD },
  ]);
  const [llgAssetType] = await tx
    .insert(assetTypes)
    .values({
      namespaceId,
      name: LLG_ASSET_TYPE_NAME,
      displayName: LLG_ASSET_TYPE_NAME,
      acronymCode: 'LLG',
      category: 'LLG',
      description: 'Loose lifting gear inspected together under a job',
    })
    .returning({ id: assetTypes.id });
  await tx.insert(taskTypes).values({ namespaceId, divisionId: division.id, assetTypeId: llgAssetType.id, ...LLG_TASK_TYPE });
  await tx.insert(numberSequences).values([
    { namespaceId, officeId: office.id, divisionId: null, name: SEQUENCE_NAME.JOB },
    { namespaceId, officeId: office.id, divisionId: division.id, name: SEQUENCE_NAME.CERTIFICATE },
  ]);
  return { roleIds, officeId: office.id, divisionId: division.id };
}
