import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { CLIENTS_PAGE_SIZE, type ClientRow, CSV_PRODUCT_PREFIX, LOCATIONS, type SiteRow } from '@portal/contracts';
import { useSaveThenReload } from '../common/adminFlow';
import { type ListColumn, ListScreen, useLoadMoreList } from '../common/list';
import { type Crumb, PageHeader } from '../common/PageHeader';
import { useCan } from '../session/SessionContext';
import { getLocation } from './api';
import { siteRowActions } from './ClientRowActions';
import { LOCATION_CSV_COLUMNS } from './csvColumns';
import { LocationPanel, type PanelTarget } from './LocationPanel';

const SORT = { field: 'name', order: 'ASC' } as const;

const COLUMNS: ListColumn<SiteRow>[] = [
  { source: 'acronymCode', label: 'Code', width: 100, card: 'subtitle' },
  { source: 'name', label: 'Name', width: 220, card: 'title' },
  { source: 'address', label: 'Address', width: 380, card: 'field' },
  { source: 'externalId', label: 'External', width: 120 },
];

/**
 * An expanded client: its Locations list (administration document 2) with the breadcrumb back
 * to Clients, Reload, Load More, Add Location, column picker and CSV. The page size of
 * locations is not in the spec; it uses the clients' 50.
 */
export function LocationList({ clientId, crumbs }: { clientId: number; crumbs: Crumb[] }) {
  const mayUpdate = useCan('clients.update');
  const client = useQuery({
    queryKey: ['clientHeader', clientId],
    queryFn: () => getLocation<ClientRow>(clientId),
    staleTime: 0,
  });
  const isClient = client.data?.objectType === 'CLIENT_COMPANY';
  const filter = useMemo(() => ({ companyId: clientId }), [clientId]);
  const list = useLoadMoreList<SiteRow>({
    resource: 'clientLocations',
    filter,
    pageSize: CLIENTS_PAGE_SIZE,
    sort: SORT,
    loadError: LOCATIONS.loadLocationsError,
  });
  const [panel, setPanel] = useState<PanelTarget | null>(null);
  // Administration document 4: success alert, then after 2 s the panel closes and the list reloads.
  const flow = useSaveThenReload(
    useCallback(() => setPanel(null), []),
    list.reload,
  );
  const actions = useCallback((site: SiteRow) => siteRowActions(site, (s) => setPanel({ kind: 'site', id: s.id })), []);
  const canAddLocation = mayUpdate && isClient && client.data?.can.addLocation;
  const title = isClient ? client.data!.name : 'Locations';

  if (client.error || (client.data && !isClient)) return <UnknownClient crumbs={crumbs} />;

  return (
    <ListScreen
      resource="clientLocations"
      title={title}
      crumbs={crumbs}
      list={list}
      columns={COLUMNS}
      // Read-only roles (CLIENT-ADMIN) would only see an empty column.
      rowActions={mayUpdate ? actions : undefined}
      onAdd={canAddLocation ? () => setPanel({ kind: 'newSite', companyId: clientId }) : undefined}
      addLabel={LOCATIONS.addLocation}
      csv={{ filter, columns: LOCATION_CSV_COLUMNS, fileName: `${CSV_PRODUCT_PREFIX}locations` }}
      empty="This client has no locations yet"
    >
      <LocationPanel target={panel} onClose={flow.dismiss} onSaved={flow.saved} finishing={flow.finishing} />
    </ListScreen>
  );
}

/** A ?client= that is not a client the user may see (removed, another company, a typo). */
function UnknownClient({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <>
      <PageHeader crumbs={crumbs} title="Locations" />
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="unknown-client">
        <Typography sx={{ mb: 0.5 }}>{LOCATIONS.loadClientLocationsError}</Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          This client does not exist or is not visible to you.
        </Typography>
        <Button component={Link} to="/resources/clients" variant="contained" startIcon={<ArrowBack />}>
          Back to Clients
        </Button>
      </Paper>
    </>
  );
}
