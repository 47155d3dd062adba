import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Edit from '@mui/icons-material/Edit';
import type { RowActionSpec } from './RowActions';

/**
 * Edit and delete of an admin row, offered from the server's `can` flags (true only for
 * status 1 and a caller with the write right). Shared by offices, divisions and roles.
 */
export function editDeleteActions<R extends { can: { edit: boolean; delete: boolean } }>(
  record: R,
  onEdit: (record: R) => void,
  onDelete: (record: R) => void,
): RowActionSpec[] {
  const actions: RowActionSpec[] = [];
  if (record.can.edit)
    actions.push({ key: 'edit', label: 'Edit', icon: <Edit fontSize="small" />, color: 'primary', onClick: () => onEdit(record) });
  if (record.can.delete)
    actions.push({
      key: 'delete',
      label: 'Delete',
      icon: <DeleteOutline fontSize="small" />,
      color: 'error',
      onClick: () => onDelete(record),
    });
  return actions;
}
