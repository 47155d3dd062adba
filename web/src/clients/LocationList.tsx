import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ColumnsButton, DataTable, ListContextProvider, ResourceContextProvider } from 'react-admin';
import { Link } from 'react-router-dom';
import { CLIENTS_PAGE_SIZE, type ClientRow, LOCATIONS, type SiteRow, CSV_PRODUCT_PREFIX } from '@portal/contracts';
import { type Crumb, PageHeader } from '../common/PageHeader';
import { AddButton, CsvExportButton, ListCard, LoadMoreButton, ReloadButton, useLoadMoreList } from '../common/list';
import { useSaveThenReload } from '../common/adminFlow';
import { useCan } from '../session/SessionContext';
import { getLocation } from './api';
import { AddressCell, EmptyList } from './cells';
import { SiteRowActions } from './ClientRowActions';
import { LOCATION_CSV_COLUMNS } from './csvColumns';
import { LocationPanel, type PanelTarget } from './LocationPanel';

const SORT = { field: 'name', order: 'ASC' } as const;

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
  const canAddLocation = mayUpdate && isClient && client.data?.can.addLocation;
  const title = isClient ? client.data!.name : 'Locations';

  if (client.error || (client.data && !isClient)) return <UnknownClient crumbs={crumbs} />;

  return (
    <ResourceContextProvider value="clientLocations">
      <ListContextProvider value={list.listContext}>
        <PageHeader
          crumbs={crumbs}
          title={title}
          actions={
            <>
              <ReloadButton onClick={list.reload} loading={list.loading && !list.loadingMore} />
              {canAddLocation && (
                <AddButton label={LOCATIONS.addLocation} onClick={() => setPanel({ kind: 'newSite', companyId: clientId })} />
              )}
            </>
          }
        />
        <ListCard
          filters={
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              Locations
            </Typography>
          }
          toolbar={
            <>
              <ColumnsButton storeKey="clientLocations.datatable" />
              <CsvExportButton
                resource="clientLocations"
                filter={filter}
                columns={LOCATION_CSV_COLUMNS}
                fileName={`${CSV_PRODUCT_PREFIX}locations`}
              />
            </>
          }
          loaded={list.rows.length}
          total={list.total}
          footer={<LoadMoreButton hasMore={list.hasMore} loading={list.loadingMore} onClick={list.loadMore} />}
        >
          <DataTable
            storeKey="clientLocations.datatable"
            bulkActionButtons={false}
            rowClick={false}
            size="small"
            empty={<EmptyList text="This client has no locations yet" />}
          >
            {/* Read-only roles (CLIENT-ADMIN) would only see an empty column. */}
            {mayUpdate && (
              <DataTable.Col source="actions" label="Action" disableSort>
                <SiteRowActions onEdit={(site) => setPanel({ kind: 'site', id: site.id })} />
              </DataTable.Col>
            )}
            <DataTable.Col source="acronymCode" label="Code" />
            <DataTable.Col source="name" label="Name" />
            <DataTable.Col source="address" label="Address" render={(s: SiteRow) => <AddressCell address={s.address} />} />
            <DataTable.Col source="externalId" label="External" />
          </DataTable>
        </ListCard>
        <LocationPanel target={panel} onClose={flow.dismiss} onSaved={flow.saved} finishing={flow.finishing} />
      </ListContextProvider>
    </ResourceContextProvider>
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
