import type { ChildLlgList, ChildLlgTask } from '@portal/contracts';
import { del, get, post } from '../../api/http';

/** What the Add New Child Task panel sends: the llg- type, then the item examined (CreateChildBody). */
export interface NewChild {
  taskTypeId: number;
  taskTypeName: string;
  llgSerialNumber: string;
  specification: string | null;
  acronymCode: string | null;
  safeWorkingLoad: string | null;
}

/** GET /api/Observation/getchildLLG/{id}: the children of an LLG task, with what the caller may do. */
export const loadChildren = (parentId: number) => get<ChildLlgList>(`/Observation/getchildLLG/${parentId}`);

/** POST /api/createChildLLGObservation?parentLLGTaskId&taskTypeId&taskTypeName (body: the item). */
export const createChild = (parentId: number, { taskTypeId, taskTypeName, ...item }: NewChild) =>
  post<{ message: string; child: ChildLlgTask }>('/createChildLLGObservation', item, {
    query: { parentLLGTaskId: parentId, taskTypeId, taskTypeName },
  });

/** DELETE /api/Observation/deleteChildLLGTask/{id}. */
export const deleteChild = (id: number) => del<{ id: number; message: string }>(`/Observation/deleteChildLLGTask/${id}`);

/** The react-query key of a parent's children (the views refresh it after every change). */
export const childrenKey = (parentId: number) => ['llgChildren', parentId] as const;
