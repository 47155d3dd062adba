import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import Edit from '@mui/icons-material/Edit';
import type { ClientRow, SiteRow } from '@portal/contracts';
import type { RowActionSpec } from '../common/list';

/** A client row: edit and the expand icon to its Locations list, each from the server's `can` flags. */
export function clientRowActions(client: ClientRow, onEdit: (c: ClientRow) => void, onExpand: (c: ClientRow) => void): RowActionSpec[] {
  const actions: RowActionSpec[] = [];
  if (client.can.edit)
    actions.push({ key: 'edit', label: 'Edit', icon: <Edit fontSize="small" />, color: 'primary', onClick: () => onEdit(client) });
  if (client.can.expand)
    actions.push({ key: 'expand', label: 'Locations', icon: <AccountTree fontSize="small" />, onClick: () => onExpand(client) });
  return actions;
}

/** A location row: edit only. */
export function siteRowActions(site: SiteRow, onEdit: (s: SiteRow) => void): RowActionSpec[] {
  return site.can.edit
    ? [{ key: 'edit', label: 'Edit', icon: <Edit fontSize="small" />, color: 'primary', onClick: () => onEdit(site) }]
    : [];
}
