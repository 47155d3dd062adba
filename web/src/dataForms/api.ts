import { DATA_FORM_OBJECT_TYPE, type DataFormData, type DataFormRow, type DataFormSaveBody, TENANT_ID } from '@portal/contracts';
import { get, post } from '../api/http';

/** Settings > Data Forms over the spec's calls (administration document 7, "Settings"). */
export const listForms = () => get<DataFormRow[]>('/Setting', { query: { tenantId: TENANT_ID, objectType: DATA_FORM_OBJECT_TYPE } });
/** One form with its metadata and definition, for Show Form and Copy Form. */
export const loadForm = (id: number) => get<DataFormData>('/Setting/formdata', { query: { formId: id } });
/** Create (no id) or update; every save is a new revision. */
export const saveForm = (body: Omit<DataFormSaveBody, 'objectType' | 'tenantId'>) =>
  post<DataFormRow>('/Setting', { ...body, objectType: DATA_FORM_OBJECT_TYPE, tenantId: TENANT_ID });
