import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type AssetTypeOption, CHECKLIST_FORM_OBJECTS, LLG_FORM_OBJECT, type LlgAssetType } from '@portal/contracts';
import { get } from '../api/http';

/** A data form a checklist item or section may use (GET /api/Setting/FormObject?formobject=TASK TYPE). */
export interface ChecklistFormOption {
  id: number;
  name: string;
  formType?: string;
}

const options = <T>(path: string, query: Record<string, string>) => ({
  queryKey: ['options', path, query],
  queryFn: () => get<T[]>(path, { query }),
  staleTime: 60_000,
  retry: false,
});

/**
 * The data forms a checklist may use: those of the TASK TYPE form object, and for the LLG task
 * type and its llg- children the LLG ones too; none when the call fails (a picker then keeps
 * what is set, by its id).
 */
export function useChecklistForms(looseGear: boolean): ChecklistFormOption[] {
  const taskForms = useQuery(options<ChecklistFormOption>('/Setting/FormObject', { formobject: CHECKLIST_FORM_OBJECTS[0] }));
  const llgForms = useQuery({
    ...options<ChecklistFormOption>('/Setting/FormObject', { formobject: LLG_FORM_OBJECT }),
    enabled: looseGear,
  });
  return useMemo(
    () => [...(taskForms.data ?? []), ...(looseGear ? (llgForms.data ?? []) : [])],
    [taskForms.data, llgForms.data, looseGear],
  );
}

/**
 * The asset types a task type may inspect: the ordinary ones, or for the LLG task type and its
 * llg- children the loose gear ones (DECISIONS 8).
 */
export function useTaskTypeAssetTypes(looseGear: boolean): { id: number; name: string }[] {
  const ordinary = useQuery({ ...options<AssetTypeOption>('/Setting/Objects', { objectType: 'AssetType' }), enabled: !looseGear });
  const llg = useQuery({ ...options<LlgAssetType>('/Setting/llgAsset', {}), enabled: looseGear });
  return (looseGear ? llg.data : ordinary.data) ?? [];
}
