import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ScreenProps } from '../common/screen';
import { useCan } from '../session/SessionContext';
import './api';
import { ClientList } from './ClientList';
import { INITIAL_FILTER, type NameCodeFilterState } from './filters';
import { LocationList } from './LocationList';

/**
 * Resources > Clients (administration document 2 "Clients dashboard"): the clients list, or
 * one client's Locations list after its expand icon. The expanded client lives in the URL
 * (?client=<id>) so a reload or a shared link keeps it, and Back returns to the list; the
 * list's search survives the round trip because it is kept here.
 */
export default function ClientsPage({ title, crumbs }: ScreenProps) {
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<NameCodeFilterState>(INITIAL_FILTER);
  const clientId = Number(params.get('client'));
  // A role without the expand icon (FIELD-ENGG...) gets the list for a ?client= link too.
  const mayExpand = useCan('clients.locations');
  const expand = useCallback((id: number) => setParams({ client: String(id) }), [setParams]);

  if (mayExpand && Number.isInteger(clientId) && clientId > 0) {
    return <LocationList key={clientId} clientId={clientId} crumbs={[...crumbs, { label: title, to: '/resources/clients' }]} />;
  }
  return <ClientList title={title} crumbs={crumbs} filter={filter} onFilterChange={setFilter} onExpand={expand} />;
}
