import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useMemo, useState } from 'react';
import { ADMIN_PAGE_SIZE, formatUtcShort, type OfficeRow, OFFICES } from '@portal/contracts';
import { type AdminListOptions, type ListColumn, ListScreen, SearchBox, useAdminList } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { archiveOffice } from './api';
import { officeCsvColumns } from './csvColumns';
import { INITIAL_FILTER, type OfficeFilterState, toServerFilter } from './filters';
import { OfficeDialog } from './OfficeDialog';

const ADMIN: AdminListOptions = {
  resource: 'offices',
  pageSize: ADMIN_PAGE_SIZE.offices,
  loadError: OFFICES.loadError,
  write: 'offices.write',
  remove: archiveOffice,
  texts: { confirm: OFFICES.deleteConfirm, done: OFFICES.deleted, failed: OFFICES.deleteError },
};

const COLUMNS: ListColumn<OfficeRow>[] = [
  { source: 'id', label: 'ID', width: 70, hidden: true },
  // The code numbers print: the typed acronym, else derived from the name (DUB, DUB2...).
  { source: 'code', label: 'Code', width: 100, card: 'subtitle' },
  { source: 'name', label: 'Name', width: 220, card: 'title', text: (o) => o.name, render: (o) => <OfficeName office={o} /> },
  {
    source: 'address',
    label: 'Address',
    width: 340,
    card: 'field',
    render: (o) => (
      <span data-testid="office-address" title={o.address}>
        {o.address}
      </span>
    ),
  },
  { source: 'createdDate', label: 'Created', width: 130, text: (o) => formatUtcShort(o.createdDate) },
  { source: 'modifiedDate', label: 'Modified', width: 130, card: 'field', text: (o) => formatUtcShort(o.modifiedDate) },
];
const rowSx = (office: OfficeRow) => ({ '& td': { color: office.status === 1 ? 'text.primary' : 'text.secondary' } });

/**
 * Admin > LO Office (administration document 2, "LO Office page"): name and code search,
 * Reload, Add Lo Office, CSV export, column picker, edit and delete (archive) on active
 * offices, and the Add/Edit popup.
 */
export default function OfficesPage({ title, crumbs }: ScreenProps) {
  const [filter, setFilter] = useState<OfficeFilterState>(INITIAL_FILTER);
  const serverFilter = useMemo(() => toServerFilter(filter), [filter]);
  const { panel, screen } = useAdminList<OfficeRow>({ ...ADMIN, filter: serverFilter });

  return (
    <ListScreen
      {...screen}
      title={title}
      crumbs={crumbs}
      columns={COLUMNS}
      rowSx={rowSx}
      addLabel={OFFICES.addButton}
      csv={{ filter: serverFilter, columns: officeCsvColumns, fileName: 'lo_offices' }}
      empty="No offices match these filters"
      filters={
        <>
          <SearchBox label="Name" value={filter.name} onChange={(name) => setFilter({ ...filter, name })} width={220} />
          <SearchBox label="Code" value={filter.code} onChange={(code) => setFilter({ ...filter, code })} width={160} />
        </>
      }
    >
      <OfficeDialog
        open={panel.open}
        office={panel.record}
        finishing={panel.flow.finishing}
        onClose={panel.flow.dismiss}
        onSaved={panel.flow.saved}
      />
      {panel.archive.dialog}
    </ListScreen>
  );
}

/** Archived offices stay in the list (without actions); a chip says why. */
function OfficeName({ office }: { office: OfficeRow }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, maxWidth: '100%' }}>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {office.name}
      </Box>
      {office.status !== 1 && <Chip size="small" label="Archived" variant="outlined" sx={{ height: 20, fontSize: 11 }} />}
    </Box>
  );
}
