import { useEffect, useState } from 'react';
import type { FormJsonAnswer } from '@portal/contracts';
import { get } from '../../api/http';
import { keptForm } from '../../offline/cache';

/** Definitions by form and revision: a revision never changes, so it is kept for the session. */
const cache = new Map<string, Promise<FormJsonAnswer>>();

/** GET /api/Setting/FormJSON?formId&revision: the definition of a record's revision, or the current one. */
export function loadFormDefinition(formId: number, revision?: number): Promise<FormJsonAnswer> {
  const key = `${formId}:${revision ?? 'current'}`;
  let promise = cache.get(key);
  if (!promise) {
    // Kept on this device for an offline INSPECT (issue 21).
    promise = keptForm(key, () => get<FormJsonAnswer>('/Setting/FormJSON', { query: { formId, revision } }));
    // The current revision moves on with the next save of the form: not kept. A failure is tried again.
    if (revision !== undefined) cache.set(key, promise);
    promise.catch(() => cache.delete(key));
  }
  return promise;
}

export type FormDefinitionState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; form: FormJsonAnswer };

/** The definition of one form at one revision (current when absent), loaded on demand. */
export function useFormDefinition(formId: number | null | undefined, revision?: number): FormDefinitionState {
  const [state, setState] = useState<{ key: string; value: FormDefinitionState }>({ key: '', value: { status: 'none' } });
  const key = formId ? `${formId}:${revision ?? ''}` : '';
  useEffect(() => {
    if (!formId) return;
    let active = true;
    setState({ key, value: { status: 'loading' } });
    loadFormDefinition(formId, revision).then(
      (form) => active && setState({ key, value: { status: 'ready', form } }),
      (error: Error) => active && setState({ key, value: { status: 'error', message: error.message } }),
    );
    return () => {
      active = false;
    };
  }, [formId, revision, key]);
  if (!formId) return { status: 'none' };
  return state.key === key ? state.value : { status: 'loading' };
}
