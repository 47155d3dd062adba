import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ASSET_PAGE, ASSET_RESULTS, ITEM_STATUSES, type ItemStatus } from '@portal/contracts';
import { ClientSiteFilters, DateRangeFilter } from '../common/ClientSiteFilters';

/** What the dashboard's filter bar holds (tasks document 2.5). */
export interface AssetFilterState {
  companyId: number | null;
  siteIds: number[];
  insp: [string, string];
  due: [string, string];
  result: number | '';
  itemStatus: ItemStatus | '';
}

interface Option {
  id: number;
  name: string;
}

/** The dashboard's filters: a client and its sites first, then the dates, the result and the item status. */
export function AssetFilters({
  value,
  onChange,
  clients,
  sites,
  clientLocked,
}: {
  value: AssetFilterState;
  onChange(next: AssetFilterState): void;
  clients: { options: Option[]; loading: boolean };
  sites: { options: Option[]; loading: boolean };
  /** A client company's own user: its client is chosen and stays. */
  clientLocked: boolean;
}) {
  const set = (patch: Partial<AssetFilterState>) => onChange({ ...value, ...patch });
  return (
    <>
      <ClientSiteFilters
        clientId={value.companyId}
        siteIds={value.siteIds}
        onChange={({ clientId, siteIds }) => set({ companyId: clientId, siteIds })}
        clients={clients}
        sites={sites}
        clientLocked={clientLocked}
        labels={{ client: ASSET_PAGE.client, site: ASSET_PAGE.site }}
        testIds={{ client: 'filter-client', sites: 'filter-sites' }}
        sitesWidth={360}
      />
      <DateRangeFilter
        fromLabel={`${ASSET_PAGE.inspDate} From`}
        toLabel={`${ASSET_PAGE.inspDate} To`}
        clearLabel={ASSET_PAGE.clear}
        value={value.insp}
        onChange={(insp) => set({ insp })}
        testId="insp-range"
        width={170}
      />
      <DateRangeFilter
        fromLabel={`${ASSET_PAGE.dueDate} From`}
        toLabel={`${ASSET_PAGE.dueDate} To`}
        clearLabel={ASSET_PAGE.clear}
        value={value.due}
        onChange={(due) => set({ due })}
        testId="due-range"
        width={170}
      />
      <TextField
        select
        size="small"
        label={ASSET_PAGE.result}
        value={value.result}
        onChange={(e) => set({ result: e.target.value === '' ? '' : Number(e.target.value) })}
        sx={{ width: { xs: 'calc(50% - 8px)', sm: 140 } }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-result' } as object } }}
      >
        <MenuItem value="">{ASSET_PAGE.all}</MenuItem>
        {ASSET_RESULTS.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={ASSET_PAGE.status}
        value={value.itemStatus}
        onChange={(e) => set({ itemStatus: e.target.value as ItemStatus | '' })}
        sx={{ width: { xs: 'calc(50% - 8px)', sm: 160 } }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-status' } as object } }}
      >
        <MenuItem value="">{ASSET_PAGE.all}</MenuItem>
        {ITEM_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
