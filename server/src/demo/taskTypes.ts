import type { Checklist } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { assetTypes, dataForms, taskTypes } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import type { SeededNamespace } from './demo';
import { type SectionSeed, slug, TASK_TYPES } from './taskTypeSeeds';

/** A checklist from names: ids are unique slugs (the section's prefix keeps items apart). */
export function checklistOf(sections: SectionSeed[], formIds: ReadonlyMap<string, number> = new Map()): Checklist {
  const formOf = (name: string | undefined) => (name && formIds.get(name) ? { formId: formIds.get(name) } : {});
  return {
    sections: sections.map(([name, items, form], s) => {
      const sectionId = `s${s + 1}-${slug(name)}`.slice(0, 40).replace(/-+$/, '');
      return {
        id: sectionId,
        name,
        ...formOf(form),
        items: items.map((item, i) => {
          const [itemName, category, itemForm] = typeof item === 'string' ? [item, undefined, undefined] : item;
          return {
            id: `s${s + 1}i${i + 1}-${slug(itemName)}`.slice(0, 40).replace(/-+$/, ''),
            name: itemName,
            ...formOf(itemForm),
            ...(category ? { reportCategory: category } : {}),
          };
        }),
      };
    }),
  };
}

/**
 * Demo task types of a namespace (DECISIONS 7 and 8): in each division, with full checklists,
 * the `LLG` task type and its llg- children. Divisions the namespace lacks are skipped.
 */
export async function seedTaskTypes(db: Db, ns: SeededNamespace): Promise<void> {
  const divisionIds = new Map(ns.divisions.map((d) => [d.name, d.id]));
  const assetTypeRows = await db
    .select({ id: assetTypes.id, name: assetTypes.name })
    .from(assetTypes)
    .where(and(eq(assetTypes.namespaceId, ns.id), eq(assetTypes.status, 1)));
  const assetTypeIds = new Map(assetTypeRows.map((a) => [a.name.toLowerCase(), a.id]));
  const formRows = await db
    .select({ id: dataForms.id, name: dataForms.name })
    .from(dataForms)
    .where(and(eq(dataForms.namespaceId, ns.id), eq(dataForms.status, 1)));
  const formIds = new Map(formRows.map((f) => [f.name, f.id]));
  const rows = TASK_TYPES.filter((seed) => divisionIds.has(seed.division)).map((seed) => ({
    namespaceId: ns.id,
    name: seed.name,
    acronymCode: seed.code,
    divisionId: divisionIds.get(seed.division) as number,
    assetTypeId: (seed.assetType && assetTypeIds.get(seed.assetType.toLowerCase())) || null,
    externalId: seed.externalId ?? null,
    referenceStandard: seed.referenceStandard,
    inspectionMethod: seed.inspectionMethod,
    validity: seed.validity,
    eiac: seed.eiac ?? false,
    description: seed.description,
    reportTemplate: seed.reportTemplate,
    checklist: checklistOf(seed.sections, formIds),
  }));
  await inTransaction(db, { userId: null, namespaceId: null }, (tx) => tx.insert(taskTypes).values(rows));
}
