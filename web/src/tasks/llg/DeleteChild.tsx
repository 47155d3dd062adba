import { useReducer } from 'react';
import { type ChildLlgTask, LLG_TEXT, TASK_TEXT } from '@portal/contracts';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useAlert } from '../../common/useAlert';
import { deleteChild } from './api';
import { deleteFlow } from './llgRules';
import { LLG_UI } from './texts';

/**
 * The delete of a child LLG record behind the spec's two confirms, in sequence: 'Delete this
 * record?' (OK / Cancel), then "This change can't be reverted. Are you sure you want to remove
 * this LLG record"; then DELETE and 'Child Task Deleted Successfully'.
 */
export function useDeleteChild(onDeleted: (child: ChildLlgTask) => void) {
  const alert = useAlert();
  const [state, dispatch] = useReducer(deleteFlow, { step: 'idle' });

  async function run(child: ChildLlgTask) {
    dispatch({ type: 'ok' });
    try {
      await deleteChild(child.id);
      alert.success(LLG_TEXT.childDeleted);
      onDeleted(child);
    } catch (error) {
      alert.saveError((error as Error).message || TASK_TEXT.updateError);
    } finally {
      dispatch({ type: 'done' });
    }
  }

  const child = state.step === 'idle' ? null : state.child;
  const dialogs = (
    <>
      <ConfirmDialog
        open={state.step === 'ask'}
        title={LLG_TEXT.deleteConfirmTitle}
        content={child ? `${child.llgSerialNumber} · ${child.taskTypeDesc}` : ''}
        confirm={LLG_UI.ok}
        cancel={LLG_UI.cancel}
        onConfirm={() => dispatch({ type: 'ok' })}
        onClose={() => dispatch({ type: 'cancel' })}
      />
      <ConfirmDialog
        open={state.step === 'confirm' || state.step === 'deleting'}
        title={LLG_TEXT.deleteConfirmTitle}
        content={LLG_TEXT.deleteConfirmText}
        confirm={LLG_UI.ok}
        cancel={LLG_UI.cancel}
        destructive
        note={child ? LLG_UI.deleting(child.llgSerialNumber, child.taskTypeDesc) : ''}
        loading={state.step === 'deleting'}
        onConfirm={() => child && state.step === 'confirm' && run(child)}
        onClose={() => dispatch({ type: 'cancel' })}
      />
    </>
  );
  return { start: (c: ChildLlgTask) => dispatch({ type: 'start', child: c }), dialogs };
}
