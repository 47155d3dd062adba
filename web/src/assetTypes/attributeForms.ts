import { useQuery } from '@tanstack/react-query';
import type { FormDefinition } from '@portal/contracts';
import { get } from '../api/http';

/** The form object whose data forms describe asset types' attributes. */
export const ASSET_TYPE_FORM_OBJECT = 'ASSET TYPE';

export interface AttributeFormOption {
  id: number;
  name: string;
  formType: string;
  revision: number;
}

export interface AttributeFormDefinition {
  formId: number;
  name: string;
  revision: number;
  formJson: FormDefinition;
}

/** GET /api/Setting/FormObject?formobject=ASSET TYPE: the active attribute forms, by name. */
export function useAttributeForms(enabled: boolean) {
  return useQuery({
    queryKey: ['attributeForms', ASSET_TYPE_FORM_OBJECT],
    queryFn: () => get<AttributeFormOption[]>('/Setting/FormObject', { query: { formobject: ASSET_TYPE_FORM_OBJECT } }),
    enabled,
    staleTime: 30_000,
  });
}

/** GET /api/Setting/FormJSON?formId=: one form's definition, for the preview. */
export function useAttributeFormDefinition(formId: number | null) {
  return useQuery({
    queryKey: ['attributeFormDefinition', formId],
    queryFn: () => get<AttributeFormDefinition>('/Setting/FormJSON', { query: { formId: formId ?? undefined } }),
    enabled: formId !== null,
    staleTime: 30_000,
  });
}
