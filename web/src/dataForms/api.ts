import type { FormDefinition } from '@portal/contracts/dataForms/definition';
import { get, post } from '../api/http';

/** A saved form as the list gives it (api.md: no definition in list rows). */
export interface DataFormListRow {
  id: number;
  name: string;
  formObject: string;
  formType: string;
  samplesMin: number;
  samplesMax: number;
  revision: number;
  fieldCount: number;
  status: number;
  modifiedDate: string;
  can: { edit: boolean; delete: boolean };
}

/** One form with its definition (GET /Setting/formdata). */
export interface DataFormWithDefinition extends DataFormListRow {
  formJson: FormDefinition;
}

export interface DataFormSave {
  id?: number;
  name: string;
  formObject: string;
  formType: string;
  samplesMin: number;
  samplesMax: number;
  formJson: FormDefinition;
}

const FORM = 'Form';

/** Settings > Data Forms over the spec's calls (administration document 7, "Settings"). */
export const listForms = () => get<DataFormListRow[]>('/Setting', { query: { tenantId: 2, objectType: FORM } });
export const loadForm = (id: number) => get<DataFormWithDefinition>('/Setting/formdata', { query: { formId: id } });
export const saveForm = (body: DataFormSave) => post<DataFormListRow>('/Setting', { ...body, objectType: FORM });
