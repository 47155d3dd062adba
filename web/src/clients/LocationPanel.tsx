import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ClientPanelForm, type ClientRow, LOCATIONS, SitePanelForm, type SiteRow } from '@portal/contracts';
import { SidePanel } from '../common/list';
import { SchemaForm } from '../common/SchemaForm';
import { useAlert } from '../common/useAlert';
import { useCan } from '../session/SessionContext';
import { getLocation, saveLocation } from './api';
import { clientValuesOf, siteValuesOf, toClientBody, toSiteBody } from './clientForm';
import { LocationFields } from './LocationFields';
import { LogoField } from './LogoField';
import { showSaveError } from './saveErrors';

/** What the panel edits: a client, one of its locations, or a new location of a client. */
export type PanelTarget = { kind: 'client'; id: number } | { kind: 'site'; id: number } | { kind: 'newSite'; companyId: number };

/**
 * The edit panel (administration document 2): client fields (name, street and LO office
 * required, plus the logo for the four privileged roles) or site fields (name required),
 * validated by the contracts' ClientPanelForm and SitePanelForm. The record is read fresh with GET /api/Location/{id}, so the panel never edits a stale row.
 */
export function LocationPanel({
  target,
  onClose,
  onSaved,
  finishing = false,
}: {
  target: PanelTarget | null;
  onClose(): void;
  onSaved(): void;
  /** Saved: the panel stays 2 s with the success alert, Save disabled, then closes. */
  finishing?: boolean;
}) {
  const id = target && target.kind !== 'newSite' ? target.id : null;
  const record = useQuery({
    queryKey: ['location', id],
    queryFn: () => getLocation<ClientRow | SiteRow>(id as number),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const title = !target
    ? ''
    : target.kind === 'newSite'
      ? LOCATIONS.addLocation
      : `${target.kind === 'client' ? 'Edit Client' : 'Edit Location'}${record.data ? `: ${record.data.name}` : ''}`;

  let body: React.ReactNode = null;
  if (target?.kind === 'newSite')
    body = <SiteForm site={null} companyId={target.companyId} onCancel={onClose} onSaved={onSaved} finishing={finishing} />;
  else if (record.isLoading) body = <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  else if (record.error || !record.data) body = <Alert severity="error">{LOCATIONS.loadEditClientError}</Alert>;
  else if (record.data.objectType === 'CLIENT_COMPANY')
    body = <ClientForm client={record.data} onCancel={onClose} onSaved={onSaved} finishing={finishing} />;
  else body = <SiteForm site={record.data} companyId={record.data.companyId} onCancel={onClose} onSaved={onSaved} finishing={finishing} />;

  return (
    <SidePanel open={target !== null} title={title} onClose={onClose} width={560}>
      {body}
    </SidePanel>
  );
}

function ClientForm({
  client,
  onCancel,
  onSaved,
  finishing,
}: {
  client: ClientRow;
  onCancel(): void;
  onSaved(): void;
  finishing: boolean;
}) {
  const alert = useAlert();
  const queryClient = useQueryClient();
  const mayUploadLogo = useCan('clients.logo') && client.can.logo;
  const values = useMemo(() => clientValuesOf(client), [client]);
  const submit = async (form: ClientPanelForm) => {
    try {
      await saveLocation<ClientRow>(toClientBody(form, client.id));
      alert.success(LOCATIONS.clientSaved);
      // The Locations header shows the client's name: let it read the new one.
      void queryClient.invalidateQueries({ queryKey: ['clientHeader', client.id] });
      onSaved();
      return undefined;
    } catch (error) {
      return showSaveError(error, alert.saveError);
    }
  };
  return (
    <SchemaForm
      schema={ClientPanelForm}
      record={values}
      onSubmit={submit}
      onCancel={onCancel}
      finishing={finishing}
      saveTestId="location-save"
      key={client.id}
    >
      <LocationFields kind="client" columns={2} nameLabel="Client Name" />
      {mayUploadLogo && <LogoField clientId={client.id} />}
    </SchemaForm>
  );
}

function SiteForm({
  site,
  companyId,
  onCancel,
  onSaved,
  finishing,
}: {
  site: SiteRow | null;
  companyId: number;
  onCancel(): void;
  onSaved(): void;
  finishing: boolean;
}) {
  const alert = useAlert();
  const values = useMemo(() => siteValuesOf(site), [site]);
  const submit = async (form: SitePanelForm) => {
    try {
      await saveLocation<SiteRow>(toSiteBody({ ...form, id: site?.id }, companyId, site?.parentId ?? null));
      alert.success(LOCATIONS.locationSaved);
      onSaved();
      return undefined;
    } catch (error) {
      return showSaveError(error, alert.saveError);
    }
  };
  return (
    <SchemaForm
      schema={SitePanelForm}
      record={values}
      onSubmit={submit}
      onCancel={onCancel}
      finishing={finishing}
      saveTestId="location-save"
      key={site?.id ?? 'new'}
    >
      <LocationFields kind="site" columns={2} nameLabel="Site Name" />
    </SchemaForm>
  );
}
