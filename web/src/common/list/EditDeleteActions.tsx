import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import { useRecordContext } from 'react-admin';
import { RowAction } from './RowAction';

/**
 * Edit and delete icons of an admin row, shown from the server's `can` flags (true only for
 * status 1 and a caller with the write right). Shared by offices, divisions and roles.
 */
export function EditDeleteActions<R extends { can: { edit: boolean; delete: boolean } }>({
  onEdit,
  onDelete,
}: {
  onEdit(record: R): void;
  onDelete(record: R): void;
}) {
  const record = useRecordContext<R & { id: number }>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.25, whiteSpace: 'nowrap', minHeight: 30 }}>
      {record.can.edit && (
        <RowAction label="Edit" icon={<Edit fontSize="small" />} color="primary" onClick={() => onEdit(record)} testId="row-edit" />
      )}
      {record.can.delete && (
        <RowAction
          label="Delete"
          icon={<DeleteOutline fontSize="small" />}
          color="error"
          onClick={() => onDelete(record)}
          testId="row-delete"
        />
      )}
    </Box>
  );
}
