import { useQuery } from '@tanstack/react-query';
import type { AssetTypeOption, LlgAssetType } from '@portal/contracts';
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

/** The data forms of the TASK TYPE form object; none when the call fails (the picker then only keeps what is set). */
export function useChecklistForms(): ChecklistFormOption[] {
  return useQuery(options<ChecklistFormOption>('/Setting/FormObject', { formobject: 'TASK TYPE' })).data ?? [];
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
