import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';

/**
 * The attribute form of an asset type is a data form of the namespace whose form object is
 * ASSET TYPE. Data forms come from the forms-core branch; until it is merged these answer
 * no names and accept any id.
 */
export async function attributeFormNames(_db: Db, _scope: Scope, _ids: number[]): Promise<Map<number, string>> {
  return new Map();
}

export async function checkAttributeForm(_db: Db, _scope: Scope, _formId: number | null): Promise<void> {}
