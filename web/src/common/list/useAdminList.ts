import { useCallback, useMemo, useRef } from 'react';
import type { SortPayload } from 'react-admin';
import type { Permission } from '@portal/contracts';
import { useCan } from '../../session/SessionContext';
import { type ArchiveTexts, useRecordPanel } from '../adminFlow';
import { editDeleteActions } from './EditDeleteActions';
import type { RowActionSpec } from './RowActions';
import { useLoadMoreList } from './useLoadMoreList';
import { useRestore } from './useRestore';

/**
 * What an admin list declares: a module constant; a list with filters passes
 * `{ ...OPTIONS, filter }` with its server filter memoised.
 */
type AdminRow = { id: number; name: string; can: { edit: boolean; delete: boolean; restore?: boolean } };

export interface AdminListOptions<R extends AdminRow = AdminRow> {
  resource: string;
  pageSize: number;
  /** The spec's load error, e.g. 'Error while loading Divisions'. */
  loadError: string;
  /** The server's filter; none by default. */
  filter?: Record<string, unknown>;
  /** By name, A to Z, by default. */
  sort?: SortPayload;
  /** The right to add (rows carry their own `can` flags for edit and delete). */
  write: Permission;
  /** Archives a record (the list's Delete); null when the list has no Delete. */
  remove: ((id: number) => Promise<unknown>) | null;
  texts: ArchiveTexts;
  /**
   * More row actions of the list (task types' Copy), placed after Edit and before Delete.
   * Keep it stable (a module function or useCallback): the table re-renders when it changes.
   */
  extraActions?: (record: R) => RowActionSpec[];
  /** Brings an archived record back; with it the list has "Show archived" and Restore (settings kit types). */
  restore?: (id: number) => Promise<{ message: string }>;
}

const NO_FILTER = {};
const BY_NAME: SortPayload = { field: 'name', order: 'ASC' };

/**
 * The standard wiring of an admin list (offices, divisions, roles, the catalogue): the Load
 * More list, the add/edit panel with the spec's save rhythm, the delete (archive) confirm, Edit
 * and Delete row actions from the rows' `can` flags, and Add only for a role with `write`.
 * `screen` spreads into `<ListScreen>` (resource, list, row actions, Add); `panel.props` into
 * the add/edit panel; `panel.archive.dialog` renders beside it.
 */
export function useAdminList<R extends AdminRow>(options: AdminListOptions<R>) {
  const { resource, pageSize, loadError, filter = NO_FILTER, sort = BY_NAME, write, remove, texts, extraActions } = options;
  const canWrite = useCan(write);
  const reloadAfterRestore = useRef<() => void>(() => undefined);
  const restore = useRestore<R>(options.restore, reloadAfterRestore);
  const shownFilter = useMemo(() => (restore.archived ? { ...filter, archived: true } : filter), [filter, restore.archived]);
  const list = useLoadMoreList<R>({ resource, filter: shownFilter, pageSize, sort, loadError });
  const panel = useRecordPanel<R>(list.reload, remove, texts);
  const { edit, archive, changed } = panel;
  reloadAfterRestore.current = changed;
  const restoreActions = restore.actions;
  const rowActions = useCallback(
    (record: R): RowActionSpec[] => {
      if (record.can.restore) return restoreActions(record);
      const actions = editDeleteActions(record, edit, archive.ask);
      if (!extraActions) return actions;
      const at = actions[0]?.key === 'edit' ? 1 : 0;
      return [...actions.slice(0, at), ...extraActions(record), ...actions.slice(at)];
    },
    [edit, archive.ask, extraActions, restoreActions],
  );
  return {
    list,
    panel,
    archived: restore.archived,
    screen: { resource, list, rowActions, onAdd: canWrite && !restore.archived ? panel.add : undefined, actions: restore.header },
  };
}
