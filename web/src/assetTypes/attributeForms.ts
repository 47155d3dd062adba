import { useQuery } from '@tanstack/react-query';
import type { FormJsonAnswer, FormObjectEntry } from '@portal/contracts';
import { get } from '../api/http';

/** The form object whose data forms describe asset types' attributes. */
export const ASSET_TYPE_FORM_OBJECT = 'ASSET TYPE';

/** GET /api/Setting/FormObject?formobject=ASSET TYPE: the active attribute forms, by name. */
export function useAttributeForms(enabled: boolean) {
  return useQuery({
    queryKey: ['attributeForms', ASSET_TYPE_FORM_OBJECT],
    queryFn: () => get<FormObjectEntry[]>('/Setting/FormObject', { query: { formobject: ASSET_TYPE_FORM_OBJECT } }),
    enabled,
    staleTime: 30_000,
  });
}

/** GET /api/Setting/FormJSON?formId=: one form's definition, for the preview. */
export function useAttributeFormDefinition(formId: number | null) {
  return useQuery({
    queryKey: ['attributeFormDefinition', formId],
    queryFn: () => get<FormJsonAnswer>('/Setting/FormJSON', { query: { formId: formId ?? undefined } }),
    enabled: formId !== null,
    staleTime: 30_000,
  });
}
