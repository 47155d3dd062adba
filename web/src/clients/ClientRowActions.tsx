import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import { useRecordContext } from 'react-admin';
import type { ClientRow, SiteRow } from '@portal/contracts';
import { RowAction } from '../common/list';

/** A client row: edit and the expand icon to its Locations list, each from the server's `can` flags. */
export function ClientRowActions({ onEdit, onExpand }: { onEdit(client: ClientRow): void; onExpand(client: ClientRow): void }) {
  const client = useRecordContext<ClientRow>();
  if (!client) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.25, whiteSpace: 'nowrap' }}>
      {client.can.edit && (
        <RowAction label="Edit" icon={<Edit fontSize="small" />} color="primary" onClick={() => onEdit(client)} testId="row-edit" />
      )}
      {client.can.expand && (
        <RowAction label="Locations" icon={<AccountTree fontSize="small" />} onClick={() => onExpand(client)} testId="row-expand" />
      )}
    </Box>
  );
}

/** A location row: edit only. */
export function SiteRowActions({ onEdit }: { onEdit(site: SiteRow): void }) {
  const site = useRecordContext<SiteRow>();
  if (!site?.can.edit) return null;
  return <RowAction label="Edit" icon={<Edit fontSize="small" />} color="primary" onClick={() => onEdit(site)} testId="row-edit" />;
}
